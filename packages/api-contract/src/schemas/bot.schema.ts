import { z } from 'zod';
import { ZSymbol } from './backtest-jobs.schema.js';

/**
 * The trading bot's calls (bot status, positions, tracked symbols, historical performance: the
 * dashboard and the live log). Money in the account's currency (USD), percentages
 * as percent (drawdown_pct 3.5 = 3.5 %), times as ISO strings in market time.
 */
export const BOT_MODES = ['demo', 'paper', 'live'] as const;
export type TBotMode = (typeof BOT_MODES)[number];

/** Bot status: the last tick's account snapshot; null figures before the first tick. */
export const ZBotStatus = z.object({
  status: z.enum(['running', 'stopped']),
  /** Where the bot trades: fixed at Start (a mode switch takes effect at the next Start). */
  mode: z.enum(BOT_MODES).nullable(),
  equity: z.number().nullable(),
  cash: z.number().nullable(),
  buying_power: z.number().nullable(),
  last_activity: z.string().nullable(),
  daily_pnl: z.number().nullable(),
  drawdown_pct: z.number().nullable(),
  /** The account-level max_drawdown halt: no new positions until the bot is restarted. */
  halted: z.boolean(),
  halt_reason: z.string().nullable(),
  last_tick_at: z.string().nullable(),
  /** The last tick's error in plain words (broker unreachable, keys refused), else null. */
  last_error: z.string().nullable(),
});
export type TBotStatus = z.infer<typeof ZBotStatus>;

/** POST /api/start, /api/stop, /api/restart. */
export const ZBotActionOutput = z.object({ message: z.string(), status: ZBotStatus });
export type TBotActionOutput = z.infer<typeof ZBotActionOutput>;

/** Position: avg_entry_price is the spec's avg_entry_price (or entry_price). */
export const ZPosition = z.object({
  symbol: z.string(),
  qty: z.number(),
  side: z.enum(['long', 'short']),
  avg_entry_price: z.number(),
  current_price: z.number().nullable(),
  market_value: z.number().nullable(),
  unrealized_pl: z.number().nullable(),
  /** A closing order of the bot's is waiting for the next open (the market is closed). */
  closing_at_next_open: z.boolean().optional(),
});
export type TPosition = z.infer<typeof ZPosition>;
export const ZPositionsOutput = z.array(ZPosition);

/** Tracked symbol: the Final Trading List's stocks with their indicators and holding. */
export const ZTrackedSymbol = z.object({
  symbol: z.string(),
  last_price: z.number().nullable(),
  rsi: z.number().nullable(),
  atr: z.number().nullable(),
  macd: z.number().nullable(),
  qty: z.number(),
  avg_price: z.number().nullable(),
  unrealized_pl: z.number().nullable(),
  /** The company's web domain (logo lookup), when known. */
  domain: z.string().nullable(),
});
export type TTrackedSymbol = z.infer<typeof ZTrackedSymbol>;
export const ZTrackedSymbolsOutput = z.array(ZTrackedSymbol);

/** A closed round trip of the bot. */
export const ZBotTrade = z.object({
  symbol: z.string(),
  side: z.enum(['long', 'short']),
  qty: z.number(),
  entry_price: z.number(),
  exit_price: z.number(),
  entry_at: z.string(),
  exit_at: z.string(),
  pnl: z.number(),
  /** signal, max_drawdown, stop_loss, trailing_stop, take_profit, manual_sell, flatten, or null. */
  reason: z.string().nullable(),
});
export type TBotTrade = z.infer<typeof ZBotTrade>;
/** Every closed round trip of the bot, newest first (GET /api/bot/trades.csv). */
export const ZBotTradesOutput = z.object({ trades: z.array(ZBotTrade) });
export type TBotTradesOutput = z.infer<typeof ZBotTradesOutput>;

/** Historical performance from the user's closed trades; percentages as percent. */
export const ZHistoricalPerformance = z.object({
  cumulative_pnl: z.number(),
  win_rate: z.number(),
  max_drawdown: z.number(),
  trades_count: z.number().int(),
  /** Newest first, at most 100: the dashboard's trades completed log. */
  trades: z.array(ZBotTrade),
  /** Cumulative P&L after each closed trade, oldest first (the equity curve chart). */
  equity_curve: z.array(z.object({ time: z.string(), cumulative_pnl: z.number() })),
});
export type THistoricalPerformance = z.infer<typeof ZHistoricalPerformance>;

/**
 * GET /api/bot/account-history: cash the broker booked outside trades (dividends: Alpaca's DIV…
 * activities), newest first; net_amount signed (a withheld tax is negative), in cents.
 */
export const ZAccountActivity = z.object({
  id: z.string(),
  /** YYYY-MM-DD. */
  date: z.string(),
  /** The broker's type: DIV, DIVCGL, DIVCGS, DIVNRA, DIVROC, DIVTXEX, … */
  type: z.string(),
  symbol: z.string().nullable(),
  qty: z.number().nullable(),
  per_share_amount: z.number().nullable(),
  net_amount: z.number(),
  description: z.string().nullable(),
});
export type TAccountActivity = z.infer<typeof ZAccountActivity>;
export const ZAccountHistory = z.object({ activities: z.array(ZAccountActivity) });
export type TAccountHistory = z.infer<typeof ZAccountHistory>;

export const BOT_LOG_LEVELS = ['info', 'warn', 'error'] as const;
export const ZBotLogLine = z.object({
  id: z.number().int(),
  time: z.string(),
  level: z.enum(BOT_LOG_LEVELS),
  message: z.string(),
});
export type TBotLogLine = z.infer<typeof ZBotLogLine>;
/** GET /api/logs: the newest 200 lines, oldest first. */
export const ZBotLogsOutput = z.object({ logs: z.array(ZBotLogLine) });
export type TBotLogsOutput = z.infer<typeof ZBotLogsOutput>;
/** GET /api/get-live-log: the same lines as text ("2026-01-05 10:30:00 INFO …"), oldest first. */
export const ZLiveLogOutput = z.object({ logs: z.array(z.string()) });
export type TLiveLogOutput = z.infer<typeof ZLiveLogOutput>;

/** POST /api/manual-sell/{symbol} (Quick Sell): closes the whole position at market. */
export const ZManualSellInput = z.object({ symbol: ZSymbol });
export const ZManualSellOutput = z.object({ message: z.string(), client_order_id: z.string() });
export type TManualSellOutput = z.infer<typeof ZManualSellOutput>;

/** POST /api/kill-switch ("Flatten all and stop"): cancel open orders, close all, stop. */
export const ZKillSwitchOutput = z.object({
  message: z.string(),
  canceled_orders: z.number().int(),
  closed_positions: z.array(z.string()),
  status: ZBotStatus,
});
export type TKillSwitchOutput = z.infer<typeof ZKillSwitchOutput>;

/** GET /api/bot/chart/{symbol}: recent daily bars and the bot's fills on them (price chart). */
export const ZBotChartInput = z.object({ symbol: ZSymbol });
export const ZBotChartOutput = z.object({
  symbol: z.string(),
  bars: z.array(
    z.object({
      time: z.string(),
      open: z.number(),
      high: z.number(),
      low: z.number(),
      close: z.number(),
    }),
  ),
  fills: z.array(
    z.object({
      time: z.string(),
      side: z.enum(['buy', 'sell']),
      qty: z.number(),
      price: z.number(),
      reason: z.string().nullable(),
    }),
  ),
});
export type TBotChartOutput = z.infer<typeof ZBotChartOutput>;

/**
 * GET /api/bot/open-orders: the bot's orders still working or waiting, from its recorded intents
 * and the broker's open orders. `kind` says what the order is for: an entry or exit, a bracket
 * leg or protective level of a position (stop_loss, take_profit, trailing_stop), a Quick Sell or
 * the kill switch's. `status` is the broker's (new, partially_filled, …) or, before the broker
 * has it, the intent's (pending, unknown). Times are market time.
 */
export const OPEN_ORDER_KINDS = [
  'entry',
  'exit',
  'stop_loss',
  'take_profit',
  'trailing_stop',
  'protective',
  'manual_sell',
  'flatten',
  'other',
] as const;
export const ZOpenOrder = z.object({
  client_order_id: z.string(),
  symbol: z.string(),
  kind: z.enum(OPEN_ORDER_KINDS),
  side: z.enum(['buy', 'sell']),
  qty: z.number(),
  filled_qty: z.number(),
  type: z.string(),
  time_in_force: z.string().nullable(),
  limit_price: z.number().nullable(),
  stop_price: z.number().nullable(),
  status: z.string(),
  submitted_at: z.string().nullable(),
  /** The entry this leg belongs to (bracket legs); null otherwise. */
  parent: z.string().nullable(),
  /** An entry waiting for the next open, not filled at all: the user may cancel it. */
  cancelable: z.boolean(),
});
export type TOpenOrder = z.infer<typeof ZOpenOrder>;
export const ZOpenOrdersOutput = z.object({ orders: z.array(ZOpenOrder) });
export type TOpenOrdersOutput = z.infer<typeof ZOpenOrdersOutput>;

/** POST /api/bot/open-orders/cancel */
export const ZCancelOpenOrderInput = z.object({
  client_order_id: z.string().trim().min(1).max(100),
});
export const ZCancelOpenOrderOutput = z.object({ message: z.string() });
