import type { TStatusOutput } from '@tradebot/api-contract';
import { Card, Text } from '@mantine/core';
import { planLabel } from '../../lib/plan-label';

/** A trial's end is wall time, in the reader's zone and labelled so. */
function formatDate(value: string | null): string {
  return value
    ? `${new Date(value).toLocaleDateString(undefined, { dateStyle: 'medium' })} (your time)`
    : '-';
}

export function SubscriptionCard({
  subscription,
}: {
  subscription: TStatusOutput['subscription'];
}) {
  const trialRunning = subscription.plan === 'trial' && subscription.status === 'trialing';
  return (
    <Card withBorder padding="lg">
      <Text size="xs" tt="uppercase" c="dimmed" fw={700}>
        Plan
      </Text>
      <Text fw={700} size="lg" data-testid="dashboard-plan">
        {planLabel(subscription)}
      </Text>
      {trialRunning && (
        <Text size="sm" c="dimmed" data-testid="dashboard-trial-end">
          Ends {formatDate(subscription.trial_ends_at)} · paper trading only
        </Text>
      )}
      {!subscription.plan && (
        <Text size="sm" c="dimmed">
          Paper trading only. Choose a plan on the subscribe page.
        </Text>
      )}
    </Card>
  );
}
