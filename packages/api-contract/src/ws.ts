import { z } from 'zod';

/** Websocket messages: update, config, progress, ping/pong keepalive, error. */
export const ZWsServerMessage = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('update'),
    data: z.object({
      status: z.string().optional(),
      equity: z.number().optional(),
      cash: z.number().optional(),
      buying_power: z.number().optional(),
      last_activity: z.string().nullable().optional(),
      daily_pnl: z.number().optional(),
      drawdown_pct: z.number().optional(),
      positions: z.array(z.record(z.string(), z.unknown())).optional(),
      logs: z.array(z.string()).optional(),
      trackedSymbols: z.array(z.record(z.string(), z.unknown())).optional(),
      /** The tick's time (market clock) and its error, as the status read gives them. */
      last_tick_at: z.string().nullable().optional(),
      last_error: z.string().nullable().optional(),
      /** The active market's clock at the tick: open or closed. */
      market_open: z.boolean().optional(),
    }),
  }),
  /** The user's trading settings, backtest settings or Final Trading List changed. */
  z.object({ type: z.literal('config') }),
  z.object({
    type: z.literal('progress'),
    task: z.string(),
    completed: z.number(),
    total: z.number(),
    message: z.string().optional(),
    /** Backtests: the symbol this event is about and its phase (queued, loading bars, optimizing fold k of n, saving, completed, failed). */
    symbol: z.string().optional(),
    phase: z.string().optional(),
    /** Portfolio previews: the preview's id (what GET /api/portfolio/backtest/{id} reads). */
    id: z.string().optional(),
  }),
  z.object({ type: z.literal('ping') }),
  z.object({ type: z.literal('pong') }),
  z.object({ type: z.literal('error'), message: z.string() }),
]);
export type TWsServerMessage = z.infer<typeof ZWsServerMessage>;

export const ZWsClientMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ping') }),
  z.object({ type: z.literal('pong') }),
]);
export type TWsClientMessage = z.infer<typeof ZWsClientMessage>;

/** Redis pub/sub channel that carries a user's events from any process to the websocket hub. */
export const userEventsChannel = (namespace: string, userId: number) =>
  `${namespace}:events:user:${userId}`;
