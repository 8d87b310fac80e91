import { Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { Page } from '../../components/page';
import { TextLink } from '../../components/text-link';
import { useAuth } from '../auth/auth-context';
import { NewsButton } from '../news/news-button';
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
      <Group mb="lg">
        <NewsButton />
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
        <UserCard user={status.user} />
        <EnvironmentCard environment={status.environment} botStatus={status.bot_status} />
        <SubscriptionCard subscription={status.subscription} />
      </SimpleGrid>
      <Stack gap={4} mt="xl">
        {/* Saving broker keys is what onboards a user, so is_onboarded says whether keys exist. */}
        <Text c="dimmed" size="sm" data-testid="dashboard-next-step">
          Bot controls, positions and performance arrive in the next step.{' '}
          {status.user.is_onboarded ? (
            <>
              Your broker keys are saved; you can change them in{' '}
              <TextLink to="/account-settings">account settings</TextLink>.
            </>
          ) : (
            <>
              Meanwhile, add your broker keys in{' '}
              <TextLink to="/account-settings">account settings</TextLink>.
            </>
          )}
        </Text>
      </Stack>
    </Page>
  );
}
