import { PLAN_PRICES, planIncludes } from '@tradebot/api-contract';
import { Badge, Card, Group, Text, Title } from '@mantine/core';
import type { PlanBadge } from '../../../lib/plan-label';
import type { PlanOffer } from './plans';

export function PlanCard({ offer, badge }: { offer: PlanOffer; badge: PlanBadge | null }) {
  return (
    <Card withBorder padding="lg" data-testid={`plan-${offer.plan}`}>
      <Group justify="space-between">
        <Title order={3} fz="lg">
          {offer.name}
        </Title>
        {badge && (
          <Badge variant="light" color={badge.color} data-testid={`plan-${offer.plan}-badge`}>
            {badge.label}
          </Badge>
        )}
      </Group>
      <Text fz={32} fw={800} mt="xs">
        ${PLAN_PRICES[offer.plan]}
        <Text span c="dimmed" fz="sm" fw={500}>
          /month
        </Text>
      </Text>
      <Text size="sm" c="dimmed">
        {planIncludes(offer.plan, 'live_trading') ? 'Live and paper trading' : 'Paper trading only'}
        ; every feature in the table below.
      </Text>
    </Card>
  );
}
