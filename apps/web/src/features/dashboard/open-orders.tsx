import { openOrderTexts, ui, type TOpenOrder } from '@tradebot/api-contract';
import { Badge, Button, Group, Modal, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatMarketTime } from '../../lib/market-time';
import { serverDetail, useTRPC } from '../../lib/trpc';
import { money, quantity } from './bot-format';
import { openOrderKind, openOrderLevels, openOrderStatus } from './open-order-label';
import { EmptyText, QueryBody, SectionCard } from './section-card';
import type { BotData } from './use-bot-data';
import { notify } from '../../lib/notify';
import { CardTable, type CardColumn } from '../../components/card-table';

/** The open orders' columns; `onCancel` asks before a cancelable entry is canceled. */
function orderColumns(onCancel: (order: TOpenOrder) => void): CardColumn<TOpenOrder>[] {
  return [
    { label: 'Symbol', cell: (o) => o.symbol, strong: true },
    { label: 'Order', cell: (o) => `${o.parent ? '↳ ' : ''}${openOrderKind(o)}` },
    { label: 'Side', cell: (o) => o.side },
    { label: 'Qty', cell: (o) => quantity(o.qty), right: true },
    { label: 'Levels', cell: (o) => openOrderLevels(o, money) },
    {
      label: 'Status',
      cell: (o) => (
        <Badge size="sm" variant="light" color={o.cancelable ? 'blue' : 'gray'}>
          {openOrderStatus(o)}
        </Badge>
      ),
    },
    { label: 'Placed', cell: (o) => formatMarketTime(o.submitted_at) },
    {
      label: '',
      right: true,
      cell: (o) =>
        o.cancelable && (
          <Button size="compact-sm" variant="light" color="red" onClick={() => onCancel(o)}>
            Cancel
          </Button>
        ),
    },
  ];
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
            <CardTable
              columns={orderColumns(setAsking)}
              minWidth={760}
              rows={orders}
              rowKey={(o) => o.client_order_id}
              rowProps={(o) => ({
                'data-testid': `open-order-${o.client_order_id}`,
                'data-kind': o.kind,
              })}
            />
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
