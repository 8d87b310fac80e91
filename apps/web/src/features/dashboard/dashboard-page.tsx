import { Badge, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useAuth } from '../auth/auth-context';
import { Page } from '../../components/page';

function formatDate(value: string | null): string {
  return value ? new Date(value).toLocaleDateString(undefined, { dateStyle: 'medium' }) : '-';
}

/** A first dashboard: who is signed in, on which environment and plan. Bot panels come next. */
export function DashboardPage() {
  const { status } = useAuth();
  if (!status) return null;
  const { user, subscription } = status;
  const running = status.bot_status === 'running';

  return (
    <Page title="Dashboard" description={`Welcome back, ${user.username}.`}>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
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
        <Card withBorder padding="lg">
          <Text size="xs" tt="uppercase" c="dimmed" fw={700}>
            Environment
          </Text>
          <Group gap="xs" mt={4}>
            <Badge
              size="lg"
              variant="light"
              color={status.environment === 'live' ? 'orange' : 'blue'}
              data-testid="dashboard-environment"
            >
              {status.environment}
            </Badge>
            <Badge size="lg" variant="dot" color={running ? 'green' : 'red'}>
              Bot {running ? 'running' : 'stopped'}
            </Badge>
          </Group>
        </Card>
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
      </SimpleGrid>
      <Stack gap={4} mt="xl">
        <Text c="dimmed" size="sm">
          Bot controls, positions and performance arrive in the next step. Meanwhile, add your
          broker keys in <Link to="/account-settings">account settings</Link>.
        </Text>
      </Stack>
    </Page>
  );
}
