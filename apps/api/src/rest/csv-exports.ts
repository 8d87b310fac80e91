import {
  toCsv,
  type CsvColumn,
  type TBacktestResult,
  type TBotTrade,
  type TBotTradesOutput,
  type TPortfolioBacktestStatus,
  type TPortfolioResult,
  type TBotTwinOutput,
  type TBotTwinRow,
} from '@tradebot/api-contract';

/** A CSV download: the file name the browser saves it under and its text. */
export interface CsvFile {
  filename: string;
  csv: string;
}

/**
 * Turns a procedure's output (already checked against its output schema, so the casts below
 * read what the schema guarantees) into the file. The README's "Exports" section lists the
 * columns.
 */
export type CsvExport = (output: unknown) => CsvFile;

type BacktestTrade = TBacktestResult['trades'][number];

/** Backtest round trips: dates YYYY-MM-DD (daily bars, the New York session day). */
export const BACKTEST_TRADE_COLUMNS: readonly CsvColumn<BacktestTrade>[] = [
  { header: 'entry_date', value: (t) => t.entry_date },
  { header: 'exit_date', value: (t) => t.exit_date },
  { header: 'side', value: (t) => t.side },
  { header: 'entry_price', value: (t) => t.entry_price },
  { header: 'exit_price', value: (t) => t.exit_price },
  { header: 'quantity', value: (t) => t.quantity },
  { header: 'net_pnl', value: (t) => t.net_pnl },
  { header: 'exit_reason', value: (t) => t.reason },
];

/** The bot's round trips: times ISO 8601 in UTC (the `Z` offset). */
export const BOT_TRADE_COLUMNS: readonly CsvColumn<TBotTrade>[] = [
  { header: 'entry_at', value: (t) => t.entry_at },
  { header: 'exit_at', value: (t) => t.exit_at },
  { header: 'symbol', value: (t) => t.symbol },
  { header: 'side', value: (t) => t.side },
  { header: 'qty', value: (t) => t.qty },
  { header: 'entry_price', value: (t) => t.entry_price },
  { header: 'exit_price', value: (t) => t.exit_price },
  { header: 'pnl', value: (t) => t.pnl },
  { header: 'exit_reason', value: (t) => t.reason },
];

type PortfolioTrade = TPortfolioResult['trades'][number];

/** The portfolio preview's round trips on the shared account: dates YYYY-MM-DD, as backtests. */
export const PORTFOLIO_TRADE_COLUMNS: readonly CsvColumn<PortfolioTrade>[] = [
  { header: 'entry_date', value: (t) => t.entry_date },
  { header: 'exit_date', value: (t) => t.exit_date },
  { header: 'symbol', value: (t) => t.symbol },
  { header: 'side', value: (t) => t.side },
  { header: 'quantity', value: (t) => t.quantity },
  { header: 'entry_price', value: (t) => t.entry_price },
  { header: 'exit_price', value: (t) => t.exit_price },
  { header: 'fees', value: (t) => t.fees },
  { header: 'pnl', value: (t) => t.pnl },
  { header: 'net_pnl', value: (t) => t.net_pnl },
  { header: 'exit_reason', value: (t) => t.exit_reason },
];

/** GET /api/portfolio/backtest/{id}/trades.csv: the preview's trades (none until it completes). */
export const portfolioTradesCsv: CsvExport = (output) => {
  const status = output as TPortfolioBacktestStatus;
  return {
    filename: `${status.id}-trades.csv`,
    csv: toCsv(PORTFOLIO_TRADE_COLUMNS, status.result?.trades ?? []),
  };
};

/** GET /api/backtest/result/{symbol}/trades.csv: the latest backtest's trades, oldest first. */
export const backtestTradesCsv: CsvExport = (output) => {
  const result = output as TBacktestResult;
  return {
    filename: `backtest-trades-${result.symbol}.csv`,
    csv: toCsv(BACKTEST_TRADE_COLUMNS, result.trades),
  };
};

/** GET /api/bot/trades.csv: every closed trade of the bot, newest first. */
export const botTradesCsv: CsvExport = (output) => ({
  filename: 'bot-trades.csv',
  csv: toCsv(BOT_TRADE_COLUMNS, (output as TBotTradesOutput).trades),
});

/** The live twin's rows: dates YYYY-MM-DD (sessions); a side without a trade leaves its fields empty. */
export const BOT_TWIN_COLUMNS: readonly CsvColumn<TBotTwinRow>[] = [
  { header: 'entry_date', value: (r) => r.entry_date },
  { header: 'symbol', value: (r) => r.symbol },
  { header: 'side', value: (r) => r.side },
  { header: 'status', value: (r) => r.status },
  { header: 'reason', value: (r) => r.reason },
  { header: 'live_qty', value: (r) => r.live?.qty ?? null },
  { header: 'twin_qty', value: (r) => r.twin?.qty ?? null },
  { header: 'live_entry_price', value: (r) => r.live?.entry_price ?? null },
  { header: 'twin_entry_price', value: (r) => r.twin?.entry_price ?? null },
  { header: 'live_exit_date', value: (r) => r.live?.exit_date ?? null },
  { header: 'twin_exit_date', value: (r) => r.twin?.exit_date ?? null },
  { header: 'live_exit_price', value: (r) => r.live?.exit_price ?? null },
  { header: 'twin_exit_price', value: (r) => r.twin?.exit_price ?? null },
  { header: 'live_net_pnl', value: (r) => r.live?.net_pnl ?? null },
  { header: 'twin_net_pnl', value: (r) => r.twin?.net_pnl ?? null },
  { header: 'entry_diff', value: (r) => r.entry_diff },
  { header: 'exit_diff', value: (r) => r.exit_diff },
  { header: 'gap_entry', value: (r) => r.gap.entry },
  { header: 'gap_exit', value: (r) => r.gap.exit },
  { header: 'gap_quantity', value: (r) => r.gap.quantity },
  { header: 'gap_fees', value: (r) => r.gap.fees },
  { header: 'gap_total', value: (r) => r.gap.total },
];

/** GET /api/bot/twin.csv: the live twin's rows, oldest entry first. */
export const botTwinCsv: CsvExport = (output) => ({
  filename: 'bot-twin.csv',
  csv: toCsv(BOT_TWIN_COLUMNS, (output as TBotTwinOutput).rows),
});
