import { TRIAL_DAYS } from '@tradebot/api-contract';
import { Card, ScrollArea, SimpleGrid } from '@mantine/core';
import { Page } from '../../../components/page';
import { useAuth } from '../../auth/auth-context';
import { planBadge } from '../../../lib/plan-label';
import { PlanCard } from './plan-card';
import { PlanFeaturesTable } from './plan-features-table';
import { PLANS } from './plans';
import { SignInPrompt } from './sign-in-prompt';
import { SubscribeForm } from './subscribe-form';
import { useSubscribe } from './use-subscribe';

export function SubscribePage() {
  const { token, status } = useAuth();
  const { plan, setPlan, submit, busy } = useSubscribe();

  return (
    <Page
      title="Choose your plan"
      description={`Every account starts with a ${TRIAL_DAYS}-day free trial with paper trading only.`}
      size="md"
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        {PLANS.map((offer) => (
          <PlanCard
            key={offer.plan}
            offer={offer}
            badge={planBadge(status?.subscription, offer.plan)}
          />
        ))}
      </SimpleGrid>
      <ScrollArea type="auto" mt="lg">
        <PlanFeaturesTable />
      </ScrollArea>
      <Card withBorder padding="lg" mt="lg">
        {token ? (
          <SubscribeForm
            plan={plan}
            onPlanChange={setPlan}
            busy={busy}
            onSubmit={() => void submit()}
          />
        ) : (
          <SignInPrompt />
        )}
      </Card>
    </Page>
  );
}
