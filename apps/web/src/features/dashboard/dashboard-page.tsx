import { SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { Page } from '../../components/page';
import { useAuth } from '../auth/auth-context';
import { EnvironmentCard } from './environment-card';
import { SubscriptionCard } from './subscription-card';
import { UserCard } from './user-card';

/** A first dashboard: who is signed in, on which environment and plan. Bot panels come next. */
export function DashboardPage() {
  const { status } = useAuth();
  // Behind the route guard the status is always there; this only narrows the type.
  if (!status) return null;

  return (
    <Page title="Dashboard" description={`Welcome back, ${status.user.username}.`}>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
        <UserCard user={status.user} />
        <EnvironmentCard environment={status.environment} botStatus={status.bot_status} />
        <SubscriptionCard subscription={status.subscription} />
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
