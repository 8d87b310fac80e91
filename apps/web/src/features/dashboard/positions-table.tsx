import type { TBotTrade, TPosition } from '@tradebot/api-contract';
import { ui } from '@tradebot/api-contract';
import { Badge, Button, Group, Modal, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { money, pnlColor, quantity, signedMoney } from './bot-format';
import { closedToday } from './closed-today';
import { EmptyText, QueryBody, SectionCard } from './section-card';
import type { BotActions } from './use-bot-actions';
import type { BotData } from './use-bot-data';

function PositionRow({
  position,
  selling,
  onSell,
}: {
  position: TPosition;
  selling: boolean;
  onSell: () => void;
}) {
  return (
    <Table.Tr data-testid={`position-${position.symbol}`}>
      <Table.Td data-label="Symbol" fw={600}>
        {position.symbol}
        {position.closing_at_next_open && (
          <Badge
            ml="xs"
            size="sm"
            variant="light"
            color="orange"
            data-testid={`closing-${position.symbol}`}
          >
            closing at the next open
          </Badge>
        )}
      </Table.Td>
      <Table.Td data-label="Side">
        <Badge size="sm" variant="light" color={position.side === 'long' ? 'teal' : 'red'}>
          {position.side}
        </Badge>
      </Table.Td>
      <Table.Td data-label="Qty" ta="right">
        {quantity(position.qty)}
      </Table.Td>
      <Table.Td data-label="Avg entry" ta="right">
        {money(position.avg_entry_price)}
      </Table.Td>
      <Table.Td data-label="Price" ta="right">
        {money(position.current_price)}
      </Table.Td>
      <Table.Td data-label="Value" ta="right">
        {money(position.market_value)}
      </Table.Td>
      <Table.Td data-label="Unrealized P&L" ta="right" c={pnlColor(position.unrealized_pl)}>
        {signedMoney(position.unrealized_pl)}
      </Table.Td>
      <Table.Td ta="right">
        <Button size="compact-sm" color="red" variant="light" loading={selling} onClick={onSell}>
          Quick Sell
        </Button>
      </Table.Td>
    </Table.Tr>
  );
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
              <Table.ScrollContainer minWidth={720} type="native">
                <Table verticalSpacing="xs" highlightOnHover className="cards-on-phone">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Symbol</Table.Th>
                      <Table.Th>Side</Table.Th>
                      <Table.Th ta="right">Qty</Table.Th>
                      <Table.Th ta="right">Avg entry</Table.Th>
                      <Table.Th ta="right">Price</Table.Th>
                      <Table.Th ta="right">Value</Table.Th>
                      <Table.Th ta="right">Unrealized P&amp;L</Table.Th>
                      <Table.Th />
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {rows.map((position) => (
                      <PositionRow
                        key={position.symbol}
                        position={position}
                        selling={actions.pending.quickSell === position.symbol}
                        onSell={() => setAsking(position.symbol)}
                      />
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
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
