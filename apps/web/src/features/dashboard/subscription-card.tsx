import type { TStatusOutput } from '@tradebot/api-contract';
import { Card, Text } from '@mantine/core';

function formatDate(value: string | null): string {
  return value ? new Date(value).toLocaleDateString(undefined, { dateStyle: 'medium' }) : '-';
}

export function SubscriptionCard({
  subscription,
}: {
  subscription: TStatusOutput['subscription'];
}) {
  return (
    <Card withBorder padding="lg">
      <Text size="xs" tt="uppercase" c="dimmed" fw={700}>
        Plan
      </Text>
      <Text fw={700} size="lg" tt="capitalize" data-testid="dashboard-plan">
        {subscription.plan} · {subscription.status.replace('_', ' ')}
      </Text>
      {subscription.plan === 'trial' && (
        <Text size="sm" c="dimmed" data-testid="dashboard-trial-end">
          Trial ends {formatDate(subscription.trial_ends_at)} · paper trading only
        </Text>
      )}
    </Card>
  );
}
