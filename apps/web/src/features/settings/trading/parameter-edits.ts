import {
  DEFAULT_STOCK_PARAMETERS,
  ZStockParameters,
  type TFinalTradingEntry,
  type TStockParameters,
  type TUpdateFinalTradingInput,
} from '@tradebot/api-contract';
import type { Dispatch, SetStateAction } from 'react';

type ParamField = keyof TStockParameters;
const PARAM_FIELDS = Object.keys(DEFAULT_STOCK_PARAMETERS) as ParamField[];

/** What an input holds: a number, a flag, or '' for a numeric input the user emptied. */
export type EditValue = number | boolean | '';
/** One stock's local edits (field → value), not yet saved. */
export type RowEdits = Partial<Record<string, EditValue>>;
/** Local edits of a table, keyed by symbol. */
export type TableEdits = Record<string, RowEdits>;
/** Edits held above a tab (the settings page), so a tab switch keeps them until saved. */
export type EditsState = [TableEdits, Dispatch<SetStateAction<TableEdits>>];
/** The batch edit inputs: a value to apply, or '' / null for "leave unchanged". */
export type BatchValues = Partial<Record<string, number | boolean | '' | null>>;

/** Only the per-stock parameters of a record that carries more (profit, close, symbol, ...). */
export function pickParameters(record: TStockParameters): TStockParameters {
  return Object.fromEntries(
    PARAM_FIELDS.map((field) => [field, record[field]]),
  ) as unknown as TStockParameters;
}

/** The fields a batch edit sets: the non-empty ones. */
export function batchFields(batch: BatchValues): RowEdits {
  const set: RowEdits = {};
  for (const [field, value] of Object.entries(batch)) {
    if (value !== '' && value !== null && value !== undefined) set[field] = value;
  }
  return set;
}

/** Apply Batch Edit is disabled while nothing is entered. */
export const isBatchEmpty = (batch: BatchValues): boolean =>
  Object.keys(batchFields(batch)).length === 0;

/** Applies the batch's non-empty fields to every listed stock, on top of its earlier edits. */
export function applyBatch(symbols: readonly string[], edits: TableEdits, batch: BatchValues) {
  const set = batchFields(batch);
  const next: TableEdits = { ...edits };
  for (const symbol of symbols) next[symbol] = { ...next[symbol], ...set };
  return next;
}

/** Whether an edit changes the stored value (typing the same number back is no edit). */
export function isEdited(base: TStockParameters, edits: RowEdits | undefined): boolean {
  if (!edits) return false;
  return Object.entries(edits).some(
    ([field, value]) => value !== undefined && value !== base[field as ParamField],
  );
}

/**
 * The parameters a stock is saved with: its stored ones with the edits on top. An emptied
 * numeric input means the default (empty becomes null, and null is the default).
 */
export function resolveParameters(base: TStockParameters, edits: RowEdits = {}): TStockParameters {
  const out = pickParameters(base) as unknown as Record<string, number | boolean>;
  for (const [field, value] of Object.entries(edits)) {
    if (!(field in out) || value === undefined) continue;
    out[field] = value === '' ? DEFAULT_STOCK_PARAMETERS[field as ParamField] : value;
  }
  return out as unknown as TStockParameters;
}

/** The value an input shows: the edit when there is one, else the stored value. */
export function shownValue(base: TStockParameters, edits: RowEdits | undefined, field: string) {
  const edited = edits?.[field];
  return edited !== undefined ? edited : base[field as ParamField];
}

/**
 * The body of update-final-trading-config: the whole list in its order, each stock with its
 * parameters (replaced where `replace` names it), leaving out `remove` (which returns those
 * stocks to Optimized Parameters). Only parameters are sent; close, RSI, ... are the server's.
 */
export function finalListPayload(
  entries: readonly TFinalTradingEntry[],
  replace: Record<string, TStockParameters> = {},
  remove: readonly string[] = [],
): TUpdateFinalTradingInput {
  return entries
    .filter((entry) => !remove.includes(entry.symbol))
    .map((entry) => ({ symbol: entry.symbol, ...pickParameters(replace[entry.symbol] ?? entry) }));
}

/** Whether a typed value breaks its parameter's bounds (or is a fraction where whole is needed). */
export function outOfBounds(
  bound: { min: number; max: number; integer: boolean },
  value: number,
): boolean {
  return value < bound.min || value > bound.max || (bound.integer && !Number.isInteger(value));
}

/**
 * The first edited stock whose parameters the server would refuse, as "SYMBOL: reason" (the
 * contract's own bounds message), or null when all are valid. Checked before a save, so the
 * user is told which value to fix without a round trip.
 */
export function firstInvalid(parameters: Record<string, TStockParameters>): string | null {
  for (const [symbol, params] of Object.entries(parameters)) {
    const parsed = ZStockParameters.safeParse(params);
    if (!parsed.success) return `${symbol}: ${parsed.error.issues[0]?.message ?? 'invalid'}`;
  }
  return null;
}
