import type { TPaidPlan } from '@tradebot/api-contract';
import { PLAN_PRICES, TRIAL_DAYS, ui } from '@tradebot/api-contract/client';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  List,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useAuth } from '../../auth/auth-context';
import { Page } from '../../../components/page';
import { useTRPC } from '../../../lib/trpc';

const PLANS: { plan: TPaidPlan; name: string; features: string[] }[] = [
  {
    plan: 'basic',
    name: 'Basic',
    features: [
      'Live and paper trading',
      'Stock screener and backtester',
      'Notifications and live log',
    ],
  },
  {
    plan: 'premium',
    name: 'Premium',
    features: ['Everything in Basic', 'Random-forest optimizer', 'Premium features as they ship'],
  },
];

export function SubscribePage() {
  const trpc = useTRPC();
  const { token, status } = useAuth();
  const [plan, setPlan] = useState<TPaidPlan>('basic');
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const subscribe = useMutation(trpc.account.subscribe.mutationOptions());

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setResult(null);
    try {
      setResult({ ok: true, text: (await subscribe.mutateAsync({ plan })).message });
    } catch (caught) {
      setResult({
        ok: false,
        text: ui.subscriptionFailed(caught instanceof Error ? caught.message : String(caught)),
      });
    }
  };

  return (
    <Page
      title="Choose your plan"
      description={`Every account starts with a ${TRIAL_DAYS}-day free trial with paper trading only.`}
      size="md"
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        {PLANS.map((item) => (
          <Card key={item.plan} withBorder padding="lg" data-testid={`plan-${item.plan}`}>
            <Group justify="space-between">
              <Title order={3} fz="lg">
                {item.name}
              </Title>
              {status?.subscription.plan === item.plan && <Badge variant="light">Current</Badge>}
            </Group>
            <Text fz={32} fw={800} mt="xs">
              ${PLAN_PRICES[item.plan]}
              <Text span c="dimmed" fz="sm" fw={500}>
                /month
              </Text>
            </Text>
            <List size="sm" spacing={4} mt="sm">
              {item.features.map((feature) => (
                <List.Item key={feature}>{feature}</List.Item>
              ))}
            </List>
          </Card>
        ))}
      </SimpleGrid>
      <Card withBorder padding="lg" mt="lg">
        {token ? (
          <form onSubmit={(event) => void submit(event)}>
            <Stack gap="md">
              {result && (
                <Alert
                  color={result.ok ? 'green' : 'red'}
                  variant="light"
                  data-testid="subscribe-result"
                >
                  {result.text}
                </Alert>
              )}
              <Group align="flex-end">
                <NativeSelect
                  label="Plan"
                  value={plan}
                  onChange={(event) => setPlan(event.currentTarget.value as TPaidPlan)}
                  data={PLANS.map((item) => ({
                    value: item.plan,
                    label: `${item.name} ($${PLAN_PRICES[item.plan]}/month)`,
                  }))}
                  data-testid="subscribe-plan"
                  style={{ flex: 1 }}
                />
                <Button type="submit" loading={subscribe.isPending} data-testid="subscribe-submit">
                  Subscribe
                </Button>
              </Group>
            </Stack>
          </form>
        ) : (
          <Group justify="space-between">
            <Text size="sm">Create an account or log in to pick a plan.</Text>
            <Group gap="xs">
              <Button component={Link} to="/signup">
                Start Free Trial
              </Button>
              <Button component={Link} to="/login" variant="default">
                Login
              </Button>
            </Group>
          </Group>
        )}
      </Card>
    </Page>
  );
}
