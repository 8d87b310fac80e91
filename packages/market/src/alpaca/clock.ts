import { isMarketOpenAt, nextCloseAfter, nextOpenAfter } from '../calendar/nyse.js';
import type { MarketClock } from '../ports/market-data.port.js';
import { systemWallTime } from '../wall-time.js';

/** What `GET /v2/clock` said, in ms. */
export interface AlpacaClockSnapshot {
  timestamp: number;
  isOpen: boolean;
  nextOpen: number;
  nextClose: number;
}

/**
 * Alpaca's market clock behind the synchronous `MarketClock` port, as a refreshed snapshot.
 *
 * `MarketClock` is synchronous (the bot and services read it in the middle of their logic), and
 * `GET /v2/clock` is a network call, so the adapter fetches the clock (`refreshClock()`, e.g. at
 * every bot tick) and this class answers from the last snapshot:
 *
 * - `now()` is the wall clock plus the offset Alpaca's `timestamp` showed at the last refresh, so
 *   market time is Alpaca's (or an Alpaca-compatible simulator's, whose clock may be elsewhere).
 * - `isOpen()`, `nextOpen()`, `nextClose()` are the snapshot's while it is current, i.e. until the
 *   first of its `next_open`/`next_close` passes; after that (a refresh is due) and before the
 *   first refresh they come from the computed NYSE calendar (`calendar/`), which agrees with
 *   Alpaca on every scheduled session. So a missed refresh degrades to the computed calendar,
 *   never to a stale "open".
 */
export class AlpacaClock implements MarketClock {
  private offset = 0;
  private snapshot: AlpacaClockSnapshot | null = null;
  private refreshedAtWall: number | null = null;

  constructor(private readonly wallTime: () => number = systemWallTime) {}

  /** Records a fetched clock; `receivedAtWall` is the wall time the answer arrived. */
  update(snapshot: AlpacaClockSnapshot, receivedAtWall = this.wallTime()): void {
    this.snapshot = snapshot;
    this.offset = snapshot.timestamp - receivedAtWall;
    this.refreshedAtWall = receivedAtWall;
  }

  /** Wall time of the last refresh, or null before the first. */
  get lastRefreshedAt(): number | null {
    return this.refreshedAtWall;
  }

  now(): number {
    return this.wallTime() + this.offset;
  }

  private current(t: number): AlpacaClockSnapshot | null {
    const s = this.snapshot;
    return s !== null && t < Math.min(s.nextOpen, s.nextClose) ? s : null;
  }

  isOpen(): boolean {
    const t = this.now();
    return this.current(t)?.isOpen ?? isMarketOpenAt(t);
  }

  nextOpen(): number {
    const t = this.now();
    return this.current(t)?.nextOpen ?? nextOpenAfter(t);
  }

  nextClose(): number {
    const t = this.now();
    return this.current(t)?.nextClose ?? nextCloseAfter(t);
  }
}
