import type { TStatusOutput } from '@tradebot/api-contract';
import { Card, Text } from '@mantine/core';

export function UserCard({ user }: { user: TStatusOutput['user'] }) {
  return (
    <Card withBorder padding="lg">
      <Text size="xs" tt="uppercase" c="dimmed" fw={700}>
        Signed in as
      </Text>
      <Text fw={700} size="lg" data-testid="dashboard-username">
        {user.username}
      </Text>
      <Text size="sm" c="dimmed">
        {user.email}
      </Text>
    </Card>
  );
}
