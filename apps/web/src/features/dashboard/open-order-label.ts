import type { TOpenOrder } from '@tradebot/api-contract';

const KIND: Record<TOpenOrder['kind'], string> = {
  entry: 'Entry',
  exit: 'Exit',
  stop_loss: 'Stop-loss',
  take_profit: 'Take-profit',
  trailing_stop: 'Trailing stop',
  protective: 'Stop-loss / take-profit',
  manual_sell: 'Quick Sell',
  flatten: 'Kill switch',
  other: 'Order',
};

/** What an open order is for, as the Open orders panel names it. */
export function openOrderKind(order: Pick<TOpenOrder, 'kind'>): string {
  return KIND[order.kind];
}

const STATUS: Record<string, string> = {
  new: 'Working',
  partially_filled: 'Partly filled',
  pending: 'Not sent yet',
  sent: 'Sent',
  unknown: 'Being checked',
};

/** An entry for the next open says so; other states in plain words. */
export function openOrderStatus(order: Pick<TOpenOrder, 'status' | 'time_in_force' | 'kind'>) {
  if (order.kind === 'entry' && order.status === 'new' && order.time_in_force === 'opg')
    return 'Waiting for the next open';
  return STATUS[order.status] ?? order.status.replace(/_/g, ' ');
}

/** The levels an order works at: "stop $95.00 · limit $120.00"; "at market" without any. */
export function openOrderLevels(
  order: Pick<TOpenOrder, 'limit_price' | 'stop_price'>,
  money: (value: number) => string,
): string {
  const parts: string[] = [];
  if (order.stop_price !== null) parts.push(`stop ${money(order.stop_price)}`);
  if (order.limit_price !== null) parts.push(`limit ${money(order.limit_price)}`);
  return parts.length > 0 ? parts.join(' · ') : 'at market';
}
