import { Badge, Card, Group, Text, Tooltip } from '@mantine/core';
import { ui } from '@tradebot/api-contract';
import { useUserEventsState } from '../../lib/use-user-events';
import type { WsStatus } from '../../lib/ws-state';
import { marketStatusLabel } from './bot-format';
import type { BotData } from './use-bot-data';

const WS_VIEW: Record<WsStatus, { label: string; color: string }> = {
  connecting: { label: 'Connecting…', color: 'yellow' },
  connected: { label: 'Connected', color: 'green' },
  closing: { label: 'Closing', color: 'gray' },
  disconnected: { label: 'Disconnected', color: 'red' },
};

const MARKET_COLOR = { Open: 'green', Closed: 'gray', Unknown: 'yellow' } as const;

/** The market's status (Open, Closed or Unknown) and the live updates' socket state. */
export function StatusStrip({ market }: { market: BotData['market'] }) {
  const ws = useUserEventsState();
  const label = market.isError ? 'Unknown' : marketStatusLabel(market.data?.is_open);
  const wsView = WS_VIEW[ws.status];
  return (
    <Card withBorder padding="sm">
      <Group gap="lg" wrap="wrap">
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" c="dimmed">
            Market
          </Text>
          <Tooltip
            label={
              market.isError
                ? ui.fetchFailed('market status')
                : label === 'Unknown'
                  ? 'The market clock could not be read'
                  : 'Follows the market clock'
            }
          >
            <Badge
              color={MARKET_COLOR[label]}
              variant="light"
              data-testid="market-status"
              data-state={market.isPending ? 'loading' : label}
            >
              {market.isPending ? 'Checking…' : label}
            </Badge>
          </Tooltip>
        </Group>
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" c="dimmed">
            Live updates
          </Text>
          <Badge color={wsView.color} variant="dot" data-testid="ws-status">
            {wsView.label}
          </Badge>
        </Group>
      </Group>
    </Card>
  );
}
