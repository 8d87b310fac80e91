import {
  Decider,
  DIP_WINDOW,
  decisionBarAt,
  type Bars,
  type Decision,
  type DecisionFacts,
  type DeciderOptions,
  type StockParams,
} from '@tradebot/strategy';

/** The broker's position in the symbol, as the Decider is told of it. */
export interface HeldPosition {
  /** Signed shares: negative for a short. */
  qty: number;
  avgEntryPrice: number;
}

/** The deciding bar's indicators (bot_symbols, the dashboard's monitored symbols). */
export interface DecidedInputs {
  close: number;
  rsi: number | null;
  atr: number | null;
  macd: number | null;
}

const finite = (x: number | undefined) => (x !== undefined && Number.isFinite(x) ? x : null);

/**
 * One decision at the close of the last of `bars` (all completed), by the backtester's own
 * `Decider`: every earlier bar warms the indicators, the broker's position is reported as the
 * entry it came from, then the last bar decides with the account's equity. The Decider is rebuilt
 * each time from bars and the broker's state alone, so a worker restart or another worker gives
 * the same decision. `options.initial_balance` is the account's peak equity (the drawdown halt's
 * reference), as the backtester's peak would be after the same closes. With `explain`, the
 * rules' own tests at that close come along (`Decider.explain`), for the log.
 */
export function decideAtClose(
  bars: Bars,
  params: StockParams,
  options: DeciderOptions,
  position: HeldPosition | null,
  equity: number,
  explain = false,
): { decision: Decision; inputs: DecidedInputs; facts: DecisionFacts | null } {
  const n = bars.close.length;
  if (n === 0) throw new RangeError('no bars to decide on');
  const decider = new Decider(params, options);
  for (let i = 0; i < n - 1; i++) decider.warm(decisionBarAt(bars, i));
  const last = decisionBarAt(bars, n - 1);
  if (position !== null && Math.abs(position.qty) >= 1)
    decider.entered(
      position.qty > 0 ? 1 : -1,
      Math.abs(position.qty),
      position.avgEntryPrice,
      last.time,
    );
  const decision = decider.update(last, equity);
  const x = decider.inputs;
  const i = DIP_WINDOW - 1;
  return {
    decision,
    facts: explain ? decider.explain() : null,
    inputs: {
      close: last.close,
      rsi: finite(x.rsi[i]),
      atr: finite(x.atr[i]),
      macd: finite(x.macd[i]),
    },
  };
}
