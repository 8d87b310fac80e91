import type { TPortfolioResult } from '@tradebot/api-contract';
import { Text } from '@mantine/core';
import { CardTable, type CardColumn } from '../../../../components/card-table';
import { words } from '../../../../lib/text';
import { fraction, money, signedMoney } from '../../backtest-detail/format';

type Group = TPortfolioResult['per_symbol'][number];
type Trade = TPortfolioResult['trades'][number];

const pnlColor = (value: number) => (value >= 0 ? 'teal' : 'red');

function groupColumns<T extends Omit<Group, 'symbol'>>(
  label: string,
  name: (row: T) => string,
): CardColumn<T>[] {
  return [
    { label, cell: name, strong: true },
    { label: 'Trades', cell: (g) => g.trades, right: true },
    { label: 'Wins', cell: (g) => g.wins, right: true },
    { label: 'Win rate', cell: (g) => fraction(g.win_rate), right: true },
    {
      label: 'Net P&L',
      cell: (g) => signedMoney(g.net_pnl),
      right: true,
      color: (g) => pnlColor(g.net_pnl),
    },
  ];
}

const SYMBOL_COLUMNS = groupColumns<Group>('Stock', (g) => g.symbol);
const REASON_COLUMNS = groupColumns<TPortfolioResult['per_exit_reason'][number]>(
  'Exit reason',
  (g) => words(g.reason),
);

/** Trades and P&L per stock of the list. */
export function PerSymbolTable({ rows }: { rows: TPortfolioResult['per_symbol'] }) {
  return <CardTable columns={SYMBOL_COLUMNS} rows={rows} rowKey={(g) => g.symbol} minWidth={420} />;
}

/** Trades and P&L per reason the trades ended. */
export function PerExitReasonTable({ rows }: { rows: TPortfolioResult['per_exit_reason'] }) {
  if (rows.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No trades.
      </Text>
    );
  return <CardTable columns={REASON_COLUMNS} rows={rows} rowKey={(g) => g.reason} minWidth={420} />;
}

const TRADE_COLUMNS: readonly CardColumn<Trade>[] = [
  { label: 'Stock', cell: (t) => t.symbol, strong: true },
  { label: 'Entry', cell: (t) => t.entry_date },
  { label: 'Exit', cell: (t) => t.exit_date },
  { label: 'Side', cell: (t) => (t.side === 'long' ? 'Long' : 'Short') },
  { label: 'Qty', cell: (t) => t.quantity, right: true },
  { label: 'Entry price', cell: (t) => money(t.entry_price), right: true },
  { label: 'Exit price', cell: (t) => money(t.exit_price), right: true },
  {
    label: 'Net P&L',
    cell: (t) => signedMoney(t.net_pnl),
    right: true,
    color: (t) => pnlColor(t.net_pnl),
  },
  { label: 'Exit reason', cell: (t) => words(t.exit_reason) },
];

/** The preview's round trips on the shared account. */
export function PreviewTradesTable({ trades }: { trades: TPortfolioResult['trades'] }) {
  if (trades.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No trades.
      </Text>
    );
  return (
    <CardTable
      columns={TRADE_COLUMNS}
      rows={trades}
      rowKey={(t) => `${t.symbol}-${t.entry_date}-${t.exit_date}-${t.side}`}
      rowProps={() => ({ 'data-testid': 'preview-trade' })}
      minWidth={760}
      mah={420}
      log
    />
  );
}
