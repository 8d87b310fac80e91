import type { TStatusOutput } from '@tradebot/api-contract';
import { Badge, Card, Group, Text } from '@mantine/core';
import { useMarket } from '../../components/use-market';

interface Props {
  environment: TStatusOutput['environment'];
  botStatus: TStatusOutput['bot_status'];
}

/**
 * The account the bot trades: Alpaca's paper or live account, or on the demo market its
 * simulated broker (which is neither, so it is not called paper).
 */
export function EnvironmentCard({ environment, botStatus }: Props) {
  const running = botStatus === 'running';
  const demo = useMarket() === 'demo';
  return (
    <Card withBorder padding="lg">
      <Text size="xs" tt="uppercase" c="dimmed" fw={700}>
        Environment
      </Text>
      <Group gap="xs" mt={4}>
        <Badge
          size="lg"
          variant="light"
          color={demo ? 'grape' : environment === 'live' ? 'orange' : 'blue'}
          data-testid="dashboard-environment"
        >
          {demo ? 'simulated' : environment}
        </Badge>
        <Badge size="lg" variant="dot" color={running ? 'green' : 'red'}>
          Bot {running ? 'running' : 'stopped'}
        </Badge>
      </Group>
    </Card>
  );
}
