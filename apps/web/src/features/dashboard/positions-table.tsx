import type { TBotTrade, TPosition } from '@tradebot/api-contract';
import { ui } from '@tradebot/api-contract';
import { Badge, Button, Group, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { money, pnlColor, quantity, signedMoney } from './bot-format';
import { closedToday } from './closed-today';
import { EmptyText, QueryBody, SectionCard } from './section-card';
import { SideBadge } from './side-badge';
import type { BotActions } from './use-bot-actions';
import type { BotData } from './use-bot-data';
import { CardTable, type CardColumn } from '../../components/card-table';

/** The positions' columns; `onSell` asks before a Quick Sell, `selling` is the one under way. */
function positionColumns(
  selling: string | null | undefined,
  onSell: (symbol: string) => void,
): CardColumn<TPosition>[] {
  return [
    {
      label: 'Symbol',
      strong: true,
      cell: (p) => (
        <>
          {p.symbol}
          {p.closing_at_next_open && (
            <Badge
              ml="xs"
              size="sm"
              variant="light"
              color="orange"
              data-testid={`closing-${p.symbol}`}
            >
              closing at the next open
            </Badge>
          )}
        </>
      ),
    },
    { label: 'Side', cell: (p) => <SideBadge side={p.side} size="sm" /> },
    { label: 'Qty', cell: (p) => quantity(p.qty), right: true },
    { label: 'Avg entry', cell: (p) => money(p.avg_entry_price), right: true },
    { label: 'Price', cell: (p) => money(p.current_price), right: true },
    { label: 'Value', cell: (p) => money(p.market_value), right: true },
    {
      label: 'Unrealized P&L',
      cell: (p) => signedMoney(p.unrealized_pl),
      right: true,
      color: (p) => pnlColor(p.unrealized_pl),
    },
    {
      label: '',
      right: true,
      cell: (p) => (
        <Button
          size="compact-sm"
          color="red"
          variant="light"
          loading={selling === p.symbol}
          onClick={() => onSell(p.symbol)}
        >
          Quick Sell
        </Button>
      ),
    },
  ];
}

/** Current positions, each with Quick Sell behind a confirmation. */
export function PositionsTable({
  positions,
  trades,
  actions,
}: {
  positions: BotData['positions'];
  /** The closed trades (historical performance), for the trades closed in the last session. */
  trades?: readonly TBotTrade[] | undefined;
  actions: BotActions;
}) {
  const [asking, setAsking] = useState<string | null>(null);
  const sell = async () => {
    if (!asking) return;
    const symbol = asking;
    setAsking(null);
    await actions.quickSell(symbol);
  };

  return (
    <SectionCard title="Current positions" testId="positions">
      <QueryBody query={positions} failed={ui.fetchFailed('positions')} testId="positions">
        {(rows) => (
          <>
            {closedToday(
              trades,
              rows.map((r) => r.symbol),
            ).map((line) => (
              <Text key={line} size="sm" c="dimmed" mb="xs" data-testid="closed-today">
                Closed today: {line}
              </Text>
            ))}
            {rows.length === 0 ? (
              <EmptyText testId="positions-empty">
                No open positions. The bot opens one at the next open after a completed daily bar
                gives an entry signal.
              </EmptyText>
            ) : (
              <CardTable
                columns={positionColumns(actions.pending.quickSell, setAsking)}
                minWidth={720}
                rows={rows}
                rowKey={(p) => p.symbol}
                rowProps={(p) => ({ 'data-testid': `position-${p.symbol}` })}
              />
            )}
          </>
        )}
      </QueryBody>
      <Modal opened={asking !== null} onClose={() => setAsking(null)} title="Quick Sell" centered>
        <Text size="sm" mb="xs" data-testid="quick-sell-question">
          {asking && ui.quickSellConfirm(asking)}
        </Text>
        <Text size="xs" c="dimmed" mb="md">
          The whole position is closed at market and its protective orders are canceled.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setAsking(null)}>
            Cancel
          </Button>
          <Button color="red" onClick={() => void sell()} data-testid="quick-sell-confirm">
            Quick Sell
          </Button>
        </Group>
      </Modal>
    </SectionCard>
  );
}
