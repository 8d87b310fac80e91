import {
  STOCK_PARAM_BOUNDS,
  STOCK_PARAM_DEFAULTS,
  type NumericParam,
  type StockParams,
} from '@tradebot/strategy';
import { z } from 'zod';
import { server } from '../messages.js';
import { isFractionField } from '../units.js';

/** Most symbols one request may name (the screener's whole result fits). */
export const MAX_SYMBOLS_PER_REQUEST = 1000;

/** Ticker format: letters first, then letters, digits, a dot or a dash (BRK.B, BF-B). */
const SYMBOL = /^[A-Z][A-Z0-9.-]{0,9}$/;

/** Whether an (upper-case, trimmed) symbol has the ticker format the lists hold. */
export const isTickerSymbol = (symbol: string) => SYMBOL.test(symbol);

/**
 * A list of symbols as the spec's clients send them: trimmed, upper-cased, blanks dropped,
 * duplicates removed (first kept). A symbol that is not a ticker is refused by name.
 */
export const ZSymbols = z
  .array(z.string(server.symbolsMustBeText), server.symbolsMustBeList)
  .max(MAX_SYMBOLS_PER_REQUEST, server.tooManySymbols(MAX_SYMBOLS_PER_REQUEST))
  .transform((list) => [
    ...new Set(list.map((s) => s.trim().toUpperCase()).filter((s) => s.length > 0)),
  ])
  .superRefine((list, ctx) => {
    const bad = list.find((s) => !SYMBOL.test(s));
    if (bad !== undefined) ctx.addIssue({ code: 'custom', message: server.notASymbol(bad) });
  });

export const ZSymbolsInput = z.object({ symbols: ZSymbols });
export type TSymbolsInput = z.infer<typeof ZSymbolsInput>;

/** GET /api/backtest/stocks: the backtesting list, in the order the symbols were added. */
export const ZBacktestStocksOutput = z.object({ symbols: z.array(z.string()) });

/**
 * A save to a list: the message to show, and which symbols were new on the list. `skipped`
 * (ours, only when some were left out): symbols not saved because they are on the Final Trading
 * List; the others were saved.
 */
export const ZListSaveOutput = z.object({
  message: z.string(),
  added: z.array(z.string()),
  skipped: z.array(z.string()).optional(),
});
export type TListSaveOutput = z.infer<typeof ZListSaveOutput>;

/**
 * What the per-stock parameter inputs show beside the bounds, defaults and descriptions of
 * @tradebot/strategy: a label and the step of each numeric input, in the order the table shows
 * them, then the two MACD switches.
 */
export const STOCK_PARAM_FORM: {
  numeric: readonly { field: NumericParam; label: string; step: number }[];
  flags: readonly { field: 'macd_crossover' | 'macd_crossunder'; label: string }[];
} = {
  numeric: [
    { field: 'rsi_period', label: 'RSI period (days)', step: 1 },
    { field: 'rsi_buy_threshold', label: 'RSI buy threshold', step: 1 },
    { field: 'rsi_sell_threshold', label: 'RSI sell threshold', step: 1 },
    { field: 'macd_fast', label: 'MACD fast period (days)', step: 1 },
    { field: 'macd_slow', label: 'MACD slow period (days)', step: 1 },
    { field: 'sma_period', label: 'Moving average period (days)', step: 1 },
    { field: 'atr_period', label: 'ATR period (days)', step: 1 },
    { field: 'atr_multiplier', label: 'ATR multiplier', step: 0.1 },
    { field: 'risk_per_trade', label: 'Risk per trade (% of equity)', step: 0.005 },
    { field: 'max_drawdown', label: 'Maximum drawdown (% of equity)', step: 0.01 },
    { field: 'stop_loss_percentage', label: 'Long: stop-loss (%)', step: 0.5 },
    { field: 'take_profit_percentage', label: 'Long: take-profit (%)', step: 0.5 },
    { field: 'short_stop_loss_percentage', label: 'Short: stop-loss (%)', step: 0.5 },
    { field: 'short_take_profit_percentage', label: 'Short: take-profit (%)', step: 0.5 },
  ],
  flags: [
    { field: 'macd_crossover', label: 'MACD crossover' },
    { field: 'macd_crossunder', label: 'MACD crossunder' },
  ],
};

const PARAM_LABELS = new Map<string, string>(
  STOCK_PARAM_FORM.numeric.map(({ field, label }) => [field, label]),
);

/** A per-stock field's label as the parameter table shows it (the field's name if it has none). */
export function parameterLabel(field: string): string {
  return (
    PARAM_LABELS.get(field) ?? STOCK_PARAM_FORM.flags.find((f) => f.field === field)?.label ?? field
  );
}

/** Per-stock strategy parameters with their bounds. */
const numericParams = Object.fromEntries(
  Object.entries(STOCK_PARAM_BOUNDS).map(([field, bound]) => {
    const label = PARAM_LABELS.get(field) ?? field;
    const message = server.parameterBounds(label, bound.min, bound.max, isFractionField(field));
    const base = z.number(message).min(bound.min, message).max(bound.max, message);
    return [field, bound.integer ? base.int(message) : base];
  }),
) as { [K in keyof typeof STOCK_PARAM_BOUNDS]: z.ZodNumber };

/** The per-stock fields one by one (outputs and field-wise reads); inputs use ZStockParameters. */
export const ZStockParameterFields = z.object({
  ...numericParams,
  macd_crossover: z.boolean(server.parameterFlag('macd_crossover')),
  macd_crossunder: z.boolean(server.parameterFlag('macd_crossunder')),
});

/** The fast MACD average must be shorter than the slow one (the optimizer never samples otherwise). */
const macdOrdered = (p: { macd_fast: number; macd_slow: number }, ctx: z.RefinementCtx) => {
  if (p.macd_fast >= p.macd_slow)
    ctx.addIssue({ code: 'custom', message: server.macdFastBelowSlow, path: ['macd_fast'] });
};

/** A per-stock parameter set as saved: each field within its bounds, macd_fast < macd_slow. */
export const ZStockParameters = ZStockParameterFields.superRefine(macdOrdered);
export type TStockParameters = z.infer<typeof ZStockParameters>;

/** The product's defaults satisfy the schema (checked by the compiler). */
export const DEFAULT_STOCK_PARAMETERS: TStockParameters =
  STOCK_PARAM_DEFAULTS satisfies StockParams;

/**
 * GET /api/get-backtester-output: best_parameters keyed by symbol, with the backtest's profit
 * (walk-forward out-of-sample; null for a stock saved straight from the screener). Beyond the
 * spec: `no_robust_edge`, the backtest's verdict (null when the stock has no backtest yet), so no
 * table shows an optimized set without saying whether the evidence supports it.
 */
export const ZBacktesterOutput = z.object({
  best_parameters: z.record(
    z.string(),
    ZStockParameterFields.extend({
      profit: z.number().nullable(),
      no_robust_edge: z.boolean().nullable(),
    }),
  ),
});
export type TBacktesterOutput = z.infer<typeof ZBacktesterOutput>;

/**
 * One per-stock parameter as the UI shows it ("each numeric field has a schema entry
 * with min, max and a description shown as a tooltip"), served by GET /api/strategy/parameter-schema
 * from the one definition in @tradebot/strategy (STOCK_PARAM_BOUNDS, STOCK_PARAM_DEFAULTS).
 */
export const ZParameterSchemaOutput = z.object({
  numeric: z.array(
    z.object({
      field: z.string(),
      label: z.string(),
      min: z.number(),
      max: z.number(),
      integer: z.boolean(),
      step: z.number(),
      default: z.number(),
      description: z.string(),
    }),
  ),
  flags: z.array(
    z.object({
      field: z.string(),
      label: z.string(),
      default: z.boolean(),
      description: z.string(),
    }),
  ),
});
export type TParameterSchemaOutput = z.infer<typeof ZParameterSchemaOutput>;

/**
 * One Final Trading List entry: the per-stock parameters plus what the bot knows of the
 * stock. close/rsi/atr/macd come from the latest metrics; qty, avg_price and unrealized_pl are
 * null while the bot holds no position.
 */
export const ZFinalTradingEntry = ZStockParameterFields.extend({
  symbol: z.string(),
  close: z.number().nullable(),
  rsi: z.number().nullable(),
  atr: z.number().nullable(),
  macd: z.number().nullable(),
  qty: z.number().nullable(),
  avg_price: z.number().nullable(),
  unrealized_pl: z.number().nullable(),
  domain: z.string().nullable(),
  /**
   * The backtest's verdict, as in GET /api/get-backtester-output: true = no robust edge, false =
   * the evidence supports the parameters, null = the stock was never backtested.
   */
  no_robust_edge: z.boolean().nullable(),
});
export type TFinalTradingEntry = z.infer<typeof ZFinalTradingEntry>;

/** GET /api/get-final-trading-config: the Final Trading List, sorted by symbol. */
export const ZFinalTradingConfig = z.array(ZFinalTradingEntry);

/**
 * POST /api/update-final-trading-config: the whole list as the client holds it after per-row
 * edits and removals. Each entry's parameters are validated against their bounds; fields the
 * server adds (close, rsi, …) may be sent back and are ignored. A symbol on the list but absent
 * from the array is removed from it and returns to Optimized Parameters (nothing is lost); a
 * symbol not on the list is refused (stocks join it through select-for-trading).
 */
export const ZUpdateFinalTradingInput = z
  .array(
    ZStockParameterFields.extend({ symbol: z.string() }).superRefine(macdOrdered),
    server.finalListMustBeList,
  )
  .max(MAX_SYMBOLS_PER_REQUEST, server.tooManySymbols(MAX_SYMBOLS_PER_REQUEST));
export type TUpdateFinalTradingInput = z.infer<typeof ZUpdateFinalTradingInput>;

/**
 * POST /api/select-for-trading (Confirm Save): the symbols to move, and (ours) the parameters
 * edited in Optimized Parameters that the moved stocks take onto the Final Trading List, keyed
 * by symbol. Without `parameters` the stocks move with the parameters they have.
 */
export const ZSelectForTradingInput = z.object({
  symbols: ZSymbols,
  parameters: z
    .record(z.string(), ZStockParameters)
    .refine(
      (edits) => Object.keys(edits).length <= MAX_SYMBOLS_PER_REQUEST,
      server.tooManySymbols(MAX_SYMBOLS_PER_REQUEST),
    )
    .optional(),
});
export type TSelectForTradingInput = z.infer<typeof ZSelectForTradingInput>;

export const ZUpdateFinalTradingOutput = z.object({
  message: z.string(),
  entries: ZFinalTradingConfig,
  /** Symbols removed from the list by this update (they are back in Optimized Parameters). */
  returned: z.array(z.string()),
});

/** A move between lists: the message to show and the symbols that moved. */
export const ZMoveOutput = z.object({ message: z.string(), moved: z.array(z.string()) });
export type TMoveOutput = z.infer<typeof ZMoveOutput>;

/** GET /api/final-trading-list/undo: what Undo would restore (empty: hide the button). */
export const ZUndoState = z.object({ symbols: z.array(z.string()) });
