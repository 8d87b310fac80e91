import { z } from 'zod';

/** A session date, `YYYY-MM-DD`. */
const ZSessionDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates are YYYY-MM-DD.')
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), 'Not a date.');

/** GET /api/bot/twin: the sessions from `from` to `to` (both included; default the bot's run). */
export const ZBotTwinInput = z
  .object({ from: ZSessionDate.optional(), to: ZSessionDate.optional() })
  .refine((p) => p.from === undefined || p.to === undefined || p.from <= p.to, {
    message: '"from" must not be after "to".',
  });
export type TBotTwinInput = z.infer<typeof ZBotTwinInput>;

/** live net P&L − twin net P&L split by cause, in dollars; `total` is their sum. */
export const ZBotTwinGap = z.object({
  entry: z.number(),
  exit: z.number(),
  quantity: z.number(),
  fees: z.number(),
  total: z.number(),
});

/** One side of a row (the live trade or the twin's): session dates, fill prices, net P&L. */
export const ZBotTwinLeg = z.object({
  qty: z.number(),
  entry_date: z.string(),
  exit_date: z.string(),
  entry_price: z.number(),
  exit_price: z.number(),
  net_pnl: z.number(),
  exit_reason: z.string().nullable(),
});

export const ZBotTwinReason = z.enum([
  'not_filled',
  'partially_filled',
  'rejected',
  'halted',
  'bot_stopped',
  'manual_sell',
  'kill_switch',
  'late_tick',
]);

export const ZBotTwinRow = z.object({
  status: z.enum(['matched', 'missed', 'extra']),
  reason: ZBotTwinReason.nullable(),
  symbol: z.string(),
  side: z.enum(['long', 'short']),
  /** The entry session. */
  entry_date: z.string(),
  live: ZBotTwinLeg.nullable(),
  twin: ZBotTwinLeg.nullable(),
  /** live − twin fill price: realized slippage against the assumed (null without both). */
  entry_diff: z.number().nullable(),
  exit_diff: z.number().nullable(),
  gap: ZBotTwinGap,
});
export type TBotTwinRow = z.infer<typeof ZBotTwinRow>;

/**
 * The live twin: the Final Trading List re-run as the bot ran it (its versions as they changed,
 * the settings, the same bars, from the bot's equity at `from`) and each closed live trade
 * matched to the twin's. Empty (`rows` []) when the bot never ran.
 */
export const ZBotTwinOutput = z.object({
  from: z.string().nullable(),
  to: z.string().nullable(),
  initial_equity: z.number(),
  /** How many versions of the list the period saw. */
  versions: z.number().int(),
  totals: z.object({
    matched: z.number().int(),
    missed: z.number().int(),
    extra: z.number().int(),
    live_net_pnl: z.number(),
    twin_net_pnl: z.number(),
    gap: ZBotTwinGap,
  }),
  rows: z.array(ZBotTwinRow),
});
export type TBotTwinOutput = z.infer<typeof ZBotTwinOutput>;
