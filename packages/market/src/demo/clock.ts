import {
  currentOrNextSession,
  isMarketOpenAt,
  nextCloseAfter,
  nextOpenAfter,
} from '../calendar/nyse.js';
import { DAY_MS } from '../calendar/days.js';
import type { MarketClock } from '../ports/market-data.port.js';
import { systemWallTime } from '../wall-time.js';

/** Calendar time per trading day on average (365.2425 days hold 252 sessions). */
export const CALENDAR_MS_PER_TRADING_DAY = (365.2425 * DAY_MS) / 252;

export { systemWallTime };

export interface DemoClockOptions {
  /** Market time at creation, ms since the epoch. */
  start: number;
  /**
   * Market ms per wall ms: 1 is real time, 0 a paused clock that only `advance` moves (tests).
   * Ignored when `tradingDaysPerMinute` is given.
   */
  speed?: number;
  /**
   * Speed as trading days per wall minute: 1 runs a year of calendar time (252 sessions, nights
   * and weekends included) in 252 minutes, so a session lasts about 16 wall seconds.
   */
  tradingDaysPerMinute?: number;
  /** Wall time source, ms; default `systemWallTime`. */
  wallTime?: () => number;
}

function speedOf(o: { speed?: number; tradingDaysPerMinute?: number }): number {
  const speed =
    o.tradingDaysPerMinute !== undefined
      ? (o.tradingDaysPerMinute * CALENDAR_MS_PER_TRADING_DAY) / 60_000
      : (o.speed ?? 1);
  if (!(speed >= 0 && Number.isFinite(speed))) throw new RangeError(`bad clock speed ${speed}`);
  return speed;
}

/**
 * The demo market's own clock: market time = start + advances + (wall time since creation) ×
 * speed. It only moves forward, so a bar once completed stays completed. Open and closed follow
 * the NYSE calendar and session hours in New York (calendar/).
 */
export class DemoClock implements MarketClock {
  private readonly wallTime: () => number;
  private base: number;
  private wallBase: number;
  private rate: number;

  constructor(options: DemoClockOptions) {
    this.wallTime = options.wallTime ?? systemWallTime;
    this.rate = speedOf(options);
    this.base = options.start;
    this.wallBase = this.wallTime();
  }

  now(): number {
    return this.base + (this.wallTime() - this.wallBase) * this.rate;
  }

  /** Market ms per wall ms. */
  get speed(): number {
    return this.rate;
  }

  /** Changes the speed from now on; market time does not jump. */
  setSpeed(options: { speed?: number; tradingDaysPerMinute?: number }): void {
    const rate = speedOf(options);
    this.base = this.now();
    this.wallBase = this.wallTime();
    this.rate = rate;
  }

  /** Moves market time forward by `ms` (≥ 0). */
  advance(ms: number): void {
    if (!(ms >= 0)) throw new RangeError('the demo clock only moves forward');
    this.base += ms;
  }

  /** Moves market time forward to `instant` (not before now). */
  advanceTo(instant: number): void {
    this.advance(instant - this.now());
  }

  /** Moves forward to the close of the `n`-th session that has not closed yet: n new bars. */
  advanceSessions(n = 1): void {
    let t = this.now();
    for (let i = 0; i < n; i++) t = currentOrNextSession(t).close;
    this.advanceTo(t);
  }

  isOpen(): boolean {
    return isMarketOpenAt(this.now());
  }

  nextOpen(): number {
    return nextOpenAfter(this.now());
  }

  nextClose(): number {
    return nextCloseAfter(this.now());
  }
}
