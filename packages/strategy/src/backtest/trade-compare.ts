/**
 * Field-by-field comparison of two trade lists, for the checks that hold two implementations of the
 * rules to the same trades (the bench's reference, the bot's `Decider`). Test helper: exported from
 * `@tradebot/strategy/testing`, not the runtime API.
 */
import type { Trade } from './types.js';

/** Prices, fees and P&L agree to this relative tolerance (absolute below 1e-9 for values near 0). */
export const REL_TOL = 1e-9;

const EXACT = [
  'side',
  'entryIndex',
  'exitIndex',
  'entryDecisionIndex',
  'exitDecisionIndex',
  'entryTime',
  'exitTime',
  'quantity',
  'reason',
] as const;
const NUMERIC = ['entryPrice', 'exitPrice', 'fees', 'pnl', 'netPnl'] as const;

export interface Mismatch {
  /** Index of the first differing trade (or the length of the shorter list when one list stops early). */
  trade: number;
  field: string;
  kernel: unknown;
  reference: unknown;
}

export function close(a: number, b: number, tol = REL_TOL): boolean {
  return Math.abs(a - b) <= tol * Math.max(1, Math.abs(a), Math.abs(b));
}

/** The first difference between the lists, or null when every trade agrees on every field. */
export function firstMismatch(
  kernel: readonly Trade[],
  reference: readonly Trade[],
): Mismatch | null {
  const n = Math.min(kernel.length, reference.length);
  for (let t = 0; t < n; t++) {
    const k = kernel[t] as Trade;
    const r = reference[t] as Trade;
    for (const f of EXACT)
      if (k[f] !== r[f]) return { trade: t, field: f, kernel: k[f], reference: r[f] };
    for (const f of NUMERIC)
      if (!close(k[f], r[f])) return { trade: t, field: f, kernel: k[f], reference: r[f] };
  }
  if (kernel.length !== reference.length) {
    return { trade: n, field: 'trade count', kernel: kernel.length, reference: reference.length };
  }
  return null;
}

/** Human-readable trade for mismatch reports. */
export function showTrade(t: Trade | undefined): string {
  if (!t) return '(none)';
  const iso = (ms: number): string =>
    Number.isFinite(ms) ? new Date(ms).toISOString().slice(0, 16).replace('T', ' ') : String(ms);
  return (
    `${t.side} bars ${t.entryIndex}→${t.exitIndex} (${iso(t.entryTime)} → ${iso(t.exitTime)}) qty ${t.quantity} ` +
    `entry ${t.entryPrice} exit ${t.exitPrice} fees ${t.fees} pnl ${t.pnl} net ${t.netPnl} reason ${t.reason}`
  );
}
