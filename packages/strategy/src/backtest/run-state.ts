import type { StockParams } from '../params.js';
import { levelMultiples } from '../signals/protective.js';
import type { Side } from '../signals/types.js';
import type { BacktestConfig, Recording, Trade } from './types.js';

/** Exit reasons as small integers inside the kernel; `EXIT_REASONS[code]` names them. */
export const EXIT_SIGNAL = 0;
export const EXIT_STOP_LOSS = 1;
export const EXIT_TAKE_PROFIT = 2;
export const EXIT_TRAILING_STOP = 3;
export const EXIT_MAX_DRAWDOWN = 4;
export const EXIT_END_OF_DATA = 5;
export const EXIT_REASONS = [
  'signal',
  'stop_loss',
  'take_profit',
  'trailing_stop',
  'max_drawdown',
  'end_of_data',
] as const;

/**
 * The mutable state of one `simulate` run plus its constants, shared by the kernel's phases (scan,
 * fill, hold). One allocation per run; the hold loop copies the fields it updates into locals and
 * writes them back once per trade, so per-bar work touches registers only.
 */
export class RunState {
  /** Cash after fills; equals equity whenever flat. */
  cash: number;
  /** Highest close equity so far (starts at the initial balance). */
  peak: number;
  /** Running sums of per-bar returns and their squares (flat bars add exactly 0). */
  sumR = 0;
  sumR2 = 0;
  /** Bars with a position held after the open's fills. */
  held = 0;
  trades = 0;
  halted = false;
  /** The side of the entry the scan found last. */
  entrySide: Side = 1;
  /** Each side's next entry candidate from the last scan (`nextEntry`), −1 before the first. */
  nextLong = -1;
  nextShort = -1;
  /** See `nextEntry`: a value kept only so that its reads are not optimised away. */
  touched = 0;
  /** Mulberry32 state. */
  rng: number;

  readonly initial: number;
  /** Fractions, not percents. */
  readonly slippage: number;
  readonly commission: number;
  readonly partialFill: number;
  readonly trailing: number;
  readonly maxDrawdown: number;
  readonly riskPerTrade: number;
  readonly atrMultiplier: number;
  /** Stop and target as multiples of the entry price, for longs and for shorts. */
  readonly longStopAt: number;
  readonly longTargetAt: number;
  readonly shortStopAt: number;
  readonly shortTargetAt: number;
  readonly barsPerYear: number;
  readonly tradeList: Trade[] | null;
  /** Close equity per window bar when recording (NaN on flat bars until `finish` fills them). */
  readonly equity: Float64Array | null;

  constructor(
    p: StockParams,
    c: BacktestConfig,
    readonly start: number,
    readonly end: number,
    record: Recording,
  ) {
    this.initial = c.initial_balance;
    this.cash = c.initial_balance;
    this.peak = c.initial_balance;
    this.rng = c.seed >>> 0;
    this.slippage = c.slippage_percent / 100;
    this.commission = c.commission_per_share;
    this.partialFill = c.partial_fill_probability;
    this.trailing = c.trailing_stop_pct;
    this.maxDrawdown = p.max_drawdown;
    this.riskPerTrade = p.risk_per_trade;
    this.atrMultiplier = p.atr_multiplier;
    const levels = levelMultiples(p);
    this.longStopAt = levels.longStopAt;
    this.longTargetAt = levels.longTargetAt;
    this.shortStopAt = levels.shortStopAt;
    this.shortTargetAt = levels.shortTargetAt;
    this.barsPerYear = c.barsPerYear ?? 252;
    this.tradeList = record === true ? [] : null;
    this.equity = record ? new Float64Array(end - start).fill(Number.NaN) : null;
  }
}
