import type { TStatusOutput, TTradingEnvironment } from '@tradebot/api-contract';
import { Card, Switch, Text, Title } from '@mantine/core';
import { useAuth } from '../../auth/auth-context';

interface Props {
  environment: TTradingEnvironment;
  onChange: (environment: TTradingEnvironment) => void;
}

function paperOnlyReason(plan: TStatusOutput['subscription']['plan']): string {
  if (plan === 'trial')
    return 'Your trial allows paper trading only. Live trading needs a paid plan.';
  if (!plan) return 'Without a plan you can trade on paper only. Live trading needs a paid plan.';
  return 'Live trading starts once your paid plan is active.';
}

export function TradingModeCard({ environment, onChange }: Props) {
  const { status } = useAuth();
  const live = environment === 'live';
  return (
    <Card withBorder padding="lg">
      <Title order={3} fz="md" mb={4}>
        Trading mode
      </Title>
      <Switch
        label={live ? 'Live trading (real money)' : 'Paper trading (simulated)'}
        checked={live}
        onChange={(event) => onChange(event.currentTarget.checked ? 'live' : 'paper')}
        color="orange"
        mt="xs"
        data-testid="trading-mode-switch"
      />
      {/* The switch stays usable: the server is the one to refuse live mode on a trial. */}
      {status && !status.subscription.live_allowed && (
        <Text size="xs" c="dimmed" mt="xs">
          {paperOnlyReason(status.subscription.plan)}
        </Text>
      )}
    </Card>
  );
}
