import { STOCK_PARAM_BOUNDS, STOCK_PARAM_DEFAULTS, type StockParams } from '@tradebot/strategy';
import { z } from 'zod';
import { server } from '../messages.js';

/** Most symbols one request may name (the screener's whole result fits). */
export const MAX_SYMBOLS_PER_REQUEST = 1000;

/** Ticker format: letters first, then letters, digits, a dot or a dash (BRK.B, BF-B). */
const SYMBOL = /^[A-Z][A-Z0-9.-]{0,9}$/;

/**
 * A list of symbols as the spec's clients send them (§5): trimmed, upper-cased, blanks dropped,
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

/** A save to a list: the message to show, and which symbols were new on the list. */
export const ZListSaveOutput = z.object({
  message: z.string(),
  added: z.array(z.string()),
});
export type TListSaveOutput = z.infer<typeof ZListSaveOutput>;

/** Per-stock strategy parameters (spec §3) with their §9 bounds. */
const numericParams = Object.fromEntries(
  Object.entries(STOCK_PARAM_BOUNDS).map(([field, bound]) => {
    const message = server.parameterBounds(field, bound.min, bound.max);
    const base = z.number(message).min(bound.min, message).max(bound.max, message);
    return [field, bound.integer ? base.int(message) : base];
  }),
) as { [K in keyof typeof STOCK_PARAM_BOUNDS]: z.ZodNumber };

export const ZStockParameters = z.object({
  ...numericParams,
  macd_crossover: z.boolean(server.parameterFlag('macd_crossover')),
  macd_crossunder: z.boolean(server.parameterFlag('macd_crossunder')),
});
export type TStockParameters = z.infer<typeof ZStockParameters>;

/** The defaults of spec §9 satisfy the schema (checked by the compiler). */
export const DEFAULT_STOCK_PARAMETERS: TStockParameters =
  STOCK_PARAM_DEFAULTS satisfies StockParams;

/** GET /api/get-backtester-output: best_parameters keyed by symbol, with the backtest's profit. */
export const ZBacktesterOutput = z.object({
  best_parameters: z.record(z.string(), ZStockParameters.extend({ profit: z.number().nullable() })),
});
export type TBacktesterOutput = z.infer<typeof ZBacktesterOutput>;
