import {
  ZPositionsOutput,
  ZTrackedSymbolsOutput,
  type TBotStatus,
  type TPosition,
  type TTrackedSymbol,
  type TWsServerMessage,
} from '@tradebot/api-contract';

export type BotUpdate = Extract<TWsServerMessage, { type: 'update' }>['data'];

const FIGURES = ['equity', 'cash', 'buying_power', 'daily_pnl', 'drawdown_pct'] as const;

/**
 * A `/ws` `update` folded into the cached bot status: the figures, the last check's time and its
 * error it carries replace the cached ones, the rest stays. No cached status yet (first load still out): nothing to fold into, the
 * status query's own answer will come.
 */
export function mergeStatus(
  current: TBotStatus | undefined,
  data: BotUpdate,
): TBotStatus | undefined {
  if (!current) return current;
  const next: TBotStatus = { ...current };
  if (data.status === 'running' || data.status === 'stopped') next.status = data.status;
  for (const key of FIGURES) {
    const value = data[key];
    if (typeof value === 'number' && Number.isFinite(value)) next[key] = value;
  }
  if (data.last_activity !== undefined) next.last_activity = data.last_activity;
  if (data.last_tick_at !== undefined) next.last_tick_at = data.last_tick_at;
  if (data.last_error !== undefined) next.last_error = data.last_error;
  return next;
}

/**
 * The update's positions and tracked symbols, when they have the shapes the REST reads return;
 * `null` for a list that is absent or shaped otherwise (the caller then refetches it instead).
 */
export function updateLists(data: BotUpdate): {
  positions: TPosition[] | null;
  trackedSymbols: TTrackedSymbol[] | null;
} {
  const positions = data.positions && ZPositionsOutput.safeParse(data.positions);
  const tracked = data.trackedSymbols && ZTrackedSymbolsOutput.safeParse(data.trackedSymbols);
  return {
    positions: positions && positions.success ? positions.data : null,
    trackedSymbols: tracked && tracked.success ? tracked.data : null,
  };
}

/** Symbols to chart: the Final Trading List's and the held ones, each once, in order. */
export function chartSymbols(
  tracked: readonly { symbol: string }[] | undefined,
  positions: readonly { symbol: string }[] | undefined,
): string[] {
  const all = [...(positions ?? []), ...(tracked ?? [])].map((row) => row.symbol);
  return [...new Set(all)];
}
