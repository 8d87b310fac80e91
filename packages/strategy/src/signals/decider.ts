import { AtrIndicator } from '../indicators/atr.js';
import { MacdIndicator } from '../indicators/macd.js';
import { SmaIndicator } from '../indicators/moving-averages.js';
import { RsiIndicator } from '../indicators/rsi.js';
import type { BacktestSettings, StockParams } from '../params.js';
import { DecisionWindow, type DecisionBar } from './decision-window.js';
import { levelMultiples, longStop, shortStop } from './protective.js';
import {
  DIP_WINDOW,
  entrySignal,
  exitSignal,
  explainEntry,
  explainExit,
  signalRules,
  type EntryFacts,
  type ExitFacts,
  type SignalRules,
} from './rules.js';
import { positionSize } from './sizing.js';
import type { Side, StrategyInputs, StrategyOptions } from './types.js';

/** MACD signal period: fixed at 9 by the rules (README "Inputs"). */
const SIGNAL_PERIOD = 9;

/** What the decisions read beyond the per-stock parameters; a `BacktestConfig` fits. */
export type DeciderOptions = Pick<
  BacktestSettings,
  'initial_balance' | 'slippage_percent' | 'trailing_stop_pct'
> &
  Partial<StrategyOptions>;

/** Enter at the next open: `quantity` is the order before partial fills and the cash cut. */
export interface EntryIntent {
  kind: 'enter';
  side: Side;
  quantity: number;
}

/** Exit the open position at the next open. */
export interface ExitIntent {
  kind: 'exit';
  reason: 'signal' | 'max_drawdown';
}

/** The decision at a close: what to do at the next open, and whether the symbol is halted. */
export interface Decision {
  intent: EntryIntent | ExitIntent | null;
  halted: boolean;
}

/** The position as the caller reported it (`entered`): the real fill, slippage included. */
export interface OpenPosition {
  side: Side;
  quantity: number;
  entryPrice: number;
  entryTime: number;
}

/** Protective levels for the coming bar (README "Protective exits"). */
export interface ProtectiveLevels {
  /** max(SL, TS) for a long, min(SL, TS) for a short. */
  stop: number;
  target: number;
  /** The reason a fill at `stop` carries: `trailing_stop` when the trailing stop is the tighter. */
  stopReason: 'stop_loss' | 'trailing_stop';
}

/** Why the last `update` decided as it did: the rules' own tests at that close. */
export interface DecisionFacts {
  halted: boolean;
  /** While flat. */
  entry: EntryFacts | null;
  /** While a position is open. */
  exit: ExitFacts | null;
  close: number;
  rsi: number;
  sma: number;
  atr: number;
}

/**
 * The live bot's decisions, one completed bar at a time, by the same functions as the backtest
 * kernel (`entrySignal`, `exitSignal`, `positionSize`, `longStop`/`shortStop`) on a rolling window
 * of the incremental indicators, which equal the batch series bit for bit. The caller is the broker:
 * it fills the intent at the next open, checks `levels()` inside each bar with `longHit`/`shortHit`,
 * and reports fills with `entered` / `exited`, so the position here is always the real one.
 *
 * Per bar, in the README's order: fills at the open and protective exits (the caller's, reported
 * before `update`), then `update` at the close: the trailing extreme takes in the bar (if the
 * position is still open), mark to market and the drawdown halt, the exit signal while a position is
 * open, the entry signal only when flat. Pure: no clock, no I/O, no global RNG.
 */
export class Decider {
  private readonly rules: SignalRules;
  private readonly window = new DecisionWindow();
  private readonly rsi: RsiIndicator;
  private readonly sma: SmaIndicator;
  private readonly macd: MacdIndicator;
  private readonly atr: AtrIndicator;
  /** Fractions and multiples computed as `RunState` does, so levels and sizes round alike. */
  private readonly slippage: number;
  private readonly trailing: number;
  private readonly ddKeep: number;
  private readonly riskPerTrade: number;
  private readonly atrMultiplier: number;
  private readonly longStopAt: number;
  private readonly longTargetAt: number;
  private readonly shortStopAt: number;
  private readonly shortTargetAt: number;
  private peak: number;
  private isHalted = false;
  private deciding = false;
  private lastTime = Number.NEGATIVE_INFINITY;
  private open: OpenPosition | null = null;
  private stopLoss = Number.NaN;
  private target = Number.NaN;
  /** Highest high (long) / lowest low (short) since entry, before the coming bar; starts at the fill. */
  private extreme = Number.NaN;

  constructor(params: StockParams, options: DeciderOptions) {
    this.rules = signalRules(params, options);
    this.rsi = new RsiIndicator(params.rsi_period);
    this.sma = new SmaIndicator(params.sma_period);
    this.macd = new MacdIndicator(params.macd_fast, params.macd_slow, SIGNAL_PERIOD);
    this.atr = new AtrIndicator(params.atr_period);
    this.slippage = options.slippage_percent / 100;
    this.trailing = options.trailing_stop_pct;
    this.ddKeep = 1 - params.max_drawdown;
    this.riskPerTrade = params.risk_per_trade;
    this.atrMultiplier = params.atr_multiplier;
    const levels = levelMultiples(params);
    this.longStopAt = levels.longStopAt;
    this.longTargetAt = levels.longTargetAt;
    this.shortStopAt = levels.shortStopAt;
    this.shortTargetAt = levels.shortTargetAt;
    this.peak = options.initial_balance;
  }

  /** Once halted (README "Drawdown halt") the symbol never enters again. */
  get halted(): boolean {
    return this.isHalted;
  }

  get position(): Readonly<OpenPosition> | null {
    return this.open;
  }

  /** The rolling window the rules read (last index: the latest bar), for display and tests. */
  get inputs(): StrategyInputs {
    return this.window.inputs;
  }

  /**
   * Judges the next `update`'s drawdown halt against the account's peak equity, as the bot does:
   * it builds its Decider afresh at each close with the account's peak as `initial_balance`, so a
   * halt lasts only while the account stays below it (the account's own halt then keeps entries
   * out). The portfolio preview keeps one Decider per stock and calls this before each `update`.
   */
  rebase(peak: number): void {
    if (!Number.isFinite(peak)) throw new RangeError(`peak must be a finite number, got ${peak}`);
    this.peak = peak;
    this.isHalted = false;
  }

  /** A bar before the trading window: it warms the indicators and decides nothing. */
  warm(bar: DecisionBar): void {
    if (this.deciding) throw new Error('warm() after update(): warm-up bars come first');
    this.feed(bar);
  }

  /**
   * A completed bar and the equity at its close (cash + signed quantity × close, after this bar's
   * fills): the decision for the next open. Fills at this bar's open and protective exits inside it
   * must have been reported (`entered` / `exited`) before.
   */
  update(bar: DecisionBar, equity: number): Decision {
    if (!Number.isFinite(equity))
      throw new RangeError(`equity must be a finite number, got ${equity}`);
    this.feed(bar);
    this.deciding = true;
    const pos = this.open;
    if (pos !== null) this.trail(pos.side, bar);
    // The kernel's form: a new peak cannot be a drawdown.
    if (equity > this.peak) this.peak = equity;
    else if (equity < this.peak * this.ddKeep) this.isHalted = true;
    if (this.isHalted)
      return {
        intent: pos === null ? null : { kind: 'exit', reason: 'max_drawdown' },
        halted: true,
      };
    const x = this.window.inputs;
    const i = DIP_WINDOW - 1;
    if (pos !== null)
      return {
        intent: exitSignal(x, i, pos.side, this.rules) ? { kind: 'exit', reason: 'signal' } : null,
        halted: false,
      };
    const side = entrySignal(x, i, this.rules);
    if (side === 0) return { intent: null, halted: false };
    const quantity = positionSize(
      equity,
      bar.close,
      x.atr[i] as number,
      this.riskPerTrade,
      this.atrMultiplier,
      this.slippage,
    );
    return { intent: quantity === 0 ? null : { kind: 'enter', side, quantity }, halted: false };
  }

  /**
   * Why the last `update` decided as it did (the entry or exit tests it ran, by the same
   * functions); computed only when asked, so deciding stays as fast as the kernel's.
   */
  explain(): DecisionFacts {
    const x = this.window.inputs;
    const i = DIP_WINDOW - 1;
    const pos = this.open;
    return {
      halted: this.isHalted,
      entry: pos === null ? explainEntry(x, i, this.rules) : null,
      exit: pos === null ? null : explainExit(x, i, pos.side, this.rules),
      close: x.bars.close[i] as number,
      rsi: x.rsi[i] as number,
      sma: x.sma[i] as number,
      atr: x.atr[i] as number,
    };
  }

  /** The broker filled an entry at `fillPrice` (slippage included) at the open of the bar at `time`. */
  entered(side: Side, quantity: number, fillPrice: number, time: number): void {
    if (this.open !== null) throw new Error('a position is already open: report exited() first');
    if (this.isHalted) throw new Error('the symbol is halted: it takes no new entry');
    if (!(quantity >= 1 && fillPrice > 0))
      throw new RangeError(`bad fill: ${quantity} shares at ${fillPrice}`);
    this.open = { side, quantity, entryPrice: fillPrice, entryTime: time };
    this.stopLoss = fillPrice * (side === 1 ? this.longStopAt : this.shortStopAt);
    this.target = fillPrice * (side === 1 ? this.longTargetAt : this.shortTargetAt);
    this.extreme = fillPrice;
  }

  /** The broker closed the position (at an open, inside a bar, or at the end of data). */
  exited(): void {
    if (this.open === null) throw new Error('no position is open');
    this.open = null;
  }

  /** Stop and target for the coming bar while a position is open, else null. */
  levels(): ProtectiveLevels | null {
    const pos = this.open;
    if (pos === null) return null;
    const sl = this.stopLoss;
    const stop =
      pos.side === 1
        ? longStop(sl, this.extreme, this.trailing)
        : shortStop(sl, this.extreme, this.trailing);
    return { stop, target: this.target, stopReason: stop !== sl ? 'trailing_stop' : 'stop_loss' };
  }

  private feed(bar: DecisionBar): void {
    if (!(bar.time > this.lastTime))
      throw new RangeError(`bar time ${bar.time} is not after the previous bar's ${this.lastTime}`);
    this.lastTime = bar.time;
    const m = this.macd.update(bar.close);
    this.window.push(bar, {
      rsi: this.rsi.update(bar.close),
      sma: this.sma.update(bar.close),
      macd: m.macd,
      signal: m.signal,
      atr: this.atr.update(bar.high, bar.low, bar.close),
    });
  }

  /** The bar's high (long) or low (short) joins the extreme after its protective checks (README). */
  private trail(side: Side, bar: DecisionBar): void {
    if (side === 1 ? bar.high > this.extreme : bar.low < this.extreme)
      this.extreme = side === 1 ? bar.high : bar.low;
  }
}
