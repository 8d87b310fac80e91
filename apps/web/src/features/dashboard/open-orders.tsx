import { openOrderTexts, ui, type TOpenOrder } from '@tradebot/api-contract';
import { Badge, Button, Group, Modal, Table, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatMarketTime } from '../../lib/market-time';
import { serverDetail, useTRPC } from '../../lib/trpc';
import { money, quantity } from './bot-format';
import { openOrderKind, openOrderLevels, openOrderStatus } from './open-order-label';
import { EmptyText, QueryBody, SectionCard } from './section-card';
import type { BotData } from './use-bot-data';
import { notify } from '../../lib/notify';

function OrderRow({ order, onCancel }: { order: TOpenOrder; onCancel: () => void }) {
  return (
    <Table.Tr data-testid={`open-order-${order.client_order_id}`} data-kind={order.kind}>
      <Table.Td data-label="Symbol" fw={600}>
        {order.symbol}
      </Table.Td>
      <Table.Td data-label="Order">
        {order.parent ? '↳ ' : ''}
        {openOrderKind(order)}
      </Table.Td>
      <Table.Td data-label="Side">{order.side}</Table.Td>
      <Table.Td data-label="Qty" ta="right">
        {quantity(order.qty)}
      </Table.Td>
      <Table.Td data-label="Levels">{openOrderLevels(order, money)}</Table.Td>
      <Table.Td data-label="Status">
        <Badge size="sm" variant="light" color={order.cancelable ? 'blue' : 'gray'}>
          {openOrderStatus(order)}
        </Badge>
      </Table.Td>
      <Table.Td data-label="Placed">{formatMarketTime(order.submitted_at)}</Table.Td>
      <Table.Td ta="right">
        {order.cancelable && (
          <Button size="compact-sm" variant="light" color="red" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * The bot's open orders: entries waiting for the next open (each with Cancel behind a
 * confirmation), and per position its bracket legs and protective levels (stop-loss,
 * take-profit, trailing stop) with their status. Times are market time (ET).
 */
export function OpenOrders({ openOrders }: { openOrders: BotData['openOrders'] }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<TOpenOrder | null>(null);
  const cancel = useMutation(
    trpc.bot.cancelOpenOrder.mutationOptions({
      onSuccess: (answer) => notify.success(answer.message),
      onError: (caught) => notify.error(serverDetail(caught, ui.errorTitle)),
      onSettled: () => {
        for (const queryKey of [trpc.bot.openOrders.queryKey(), trpc.bot.logs.queryKey()])
          void queryClient.invalidateQueries({ queryKey });
      },
    }),
  );
  const confirm = () => {
    if (!asking) return;
    cancel.mutate({ client_order_id: asking.client_order_id });
    setAsking(null);
  };

  return (
    <SectionCard title="Open orders" testId="open-orders">
      <QueryBody query={openOrders} failed={ui.fetchFailed('open orders')} testId="open-orders">
        {({ orders }) =>
          orders.length === 0 ? (
            <EmptyText testId="open-orders-empty">
              No open orders. Entries the bot decides wait here for the next open; a position's
              stop-loss, take-profit and trailing stop show here while they work.
            </EmptyText>
          ) : (
            <Table.ScrollContainer minWidth={760} type="native">
              <Table verticalSpacing="xs" highlightOnHover className="cards-on-phone">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Symbol</Table.Th>
                    <Table.Th>Order</Table.Th>
                    <Table.Th>Side</Table.Th>
                    <Table.Th ta="right">Qty</Table.Th>
                    <Table.Th>Levels</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>Placed</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {orders.map((order) => (
                    <OrderRow
                      key={order.client_order_id}
                      order={order}
                      onCancel={() => setAsking(order)}
                    />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )
        }
      </QueryBody>
      <Modal
        opened={asking !== null}
        onClose={() => setAsking(null)}
        title="Cancel this entry?"
        centered
      >
        <Text size="sm" mb="md" data-testid="cancel-order-text">
          {asking ? openOrderTexts.confirmCancel(asking.symbol, asking.qty) : ''}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => setAsking(null)}>
            Keep it
          </Button>
          <Button color="red" onClick={confirm} data-testid="cancel-order-confirm">
            Cancel the entry
          </Button>
        </Group>
      </Modal>
    </SectionCard>
  );
}
