import { PLAN_PRICES, TRIAL_DAYS } from '@tradebot/api-contract';
import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';

export function PricingTeaser() {
  return (
    <Card withBorder radius="md" mt="xl" padding="lg">
      <Group justify="space-between" wrap="wrap">
        <Stack gap={2}>
          <Text fw={700}>Simple pricing</Text>
          <Text size="sm" c="dimmed">
            Start with a {TRIAL_DAYS}-day free trial (paper trading only). Basic $
            {PLAN_PRICES.basic}/month or Premium ${PLAN_PRICES.premium}/month unlock live trading.
          </Text>
        </Stack>
        <Button component={Link} to="/subscribe" variant="light">
          See plans
        </Button>
      </Group>
    </Card>
  );
}
