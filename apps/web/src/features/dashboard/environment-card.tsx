import type { TStatusOutput } from '@tradebot/api-contract';
import { Badge, Card, Group, Text } from '@mantine/core';

interface Props {
  environment: TStatusOutput['environment'];
  botStatus: TStatusOutput['bot_status'];
}

export function EnvironmentCard({ environment, botStatus }: Props) {
  const running = botStatus === 'running';
  return (
    <Card withBorder padding="lg">
      <Text size="xs" tt="uppercase" c="dimmed" fw={700}>
        Environment
      </Text>
      <Group gap="xs" mt={4}>
        <Badge
          size="lg"
          variant="light"
          color={environment === 'live' ? 'orange' : 'blue'}
          data-testid="dashboard-environment"
        >
          {environment}
        </Badge>
        <Badge size="lg" variant="dot" color={running ? 'green' : 'red'}>
          Bot {running ? 'running' : 'stopped'}
        </Badge>
      </Group>
    </Card>
  );
}
