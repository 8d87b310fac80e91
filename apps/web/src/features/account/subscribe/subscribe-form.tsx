import type { TPaidPlan } from '@tradebot/api-contract';
import { Button, Group, NativeSelect } from '@mantine/core';
import type { FormEvent } from 'react';
import { planOption, PLANS } from './plans';

interface Props {
  plan: TPaidPlan;
  onPlanChange: (plan: TPaidPlan) => void;
  busy: boolean;
  onSubmit: () => void;
}

export function SubscribeForm({ plan, onPlanChange, busy, onSubmit }: Props) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };

  return (
    <form onSubmit={submit}>
      <Group align="flex-end">
        <NativeSelect
          label="Plan"
          value={plan}
          onChange={(event) => onPlanChange(event.currentTarget.value as TPaidPlan)}
          data={PLANS.map(planOption)}
          data-testid="subscribe-plan"
          style={{ flex: 1 }}
        />
        <Button type="submit" loading={busy} data-testid="subscribe-submit">
          Subscribe
        </Button>
      </Group>
    </form>
  );
}
