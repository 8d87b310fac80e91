import {
  dayFromIso,
  isoFromDay,
  lastCompletedTradingDay,
  newYorkDayOf,
  nextTradingDay,
  sessionOf,
  sessionsBetween,
  type TradingSession,
} from '@tradebot/market';

/**
 * The market behind the e2e fake Alpaca (fake-alpaca.ts): a movable market clock, daily bars
 * (seeded per symbol, or set by the test), and the price at any instant inside a session (a
 * straight line from the open to the close). Prices are what fake-alpaca-book.ts fills at.
 */
export interface DailyBar {
  day: number;
  o: number;
  h: number;
  l: number;
  c: number;
  v: number;
}

const FIRST_DAY = dayFromIso('2019-01-02');

/** mulberry32: a small seeded generator, so a symbol's bars are the same in every run. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const cents = (x: number) => Math.round(x * 100) / 100;

export class FakeAlpacaMarket {
  private fixedNow: number | null;
  private readonly generated = new Map<string, DailyBar[]>();
  private readonly given = new Map<string, DailyBar[]>();

  constructor(now?: number) {
    this.fixedNow = now ?? null;
  }

  /** Market time: the time the test set (moved with `advance`), else the wall clock. */
  now(): number {
    return this.fixedNow ?? Date.now();
  }

  setTime(ms: number): void {
    this.fixedNow = ms;
  }

  advance(ms: number): void {
    this.fixedNow = this.now() + ms;
  }

  /** Back to the wall clock (a test that moved the time leaves the fake as it found it). */
  useWallClock(): void {
    this.fixedNow = null;
  }

  /** Replaces a symbol's bars (dates YYYY-MM-DD, trading days only, ascending). */
  setBars(symbol: string, rows: { date: string; o: number; h: number; l: number; c: number }[]) {
    this.given.set(
      symbol.toUpperCase(),
      rows.map((r) => ({ day: dayFromIso(r.date), o: r.o, h: r.h, l: r.l, c: r.c, v: 1_000_000 })),
    );
  }

  /** Every bar of the symbol up to and including `toDay` (seeded walk unless set). */
  bars(symbol: string, toDay: number): DailyBar[] {
    const sym = symbol.toUpperCase();
    const given = this.given.get(sym);
    if (given) return given.filter((b) => b.day <= toDay);
    let rows = this.generated.get(sym);
    if (!rows || rows[rows.length - 1]!.day < toDay) {
      rows = this.generate(sym, Math.max(toDay, nextTradingDay(newYorkDayOf(this.now()))));
      this.generated.set(sym, rows);
    }
    return rows.filter((b) => b.day <= toDay);
  }

  private generate(symbol: string, toDay: number): DailyBar[] {
    let hash = 2166136261;
    for (const ch of symbol) hash = Math.imul(hash ^ ch.charCodeAt(0), 16777619);
    const random = seeded(hash);
    const normal = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
    let close = 20 + random() * 200;
    return sessionsBetween(FIRST_DAY, toDay).map((s) => {
      const o = cents(close * (1 + normal() * 0.005));
      const c = cents(Math.max(1, o * (1 + 0.0003 + normal() * 0.015)));
      const h = cents(Math.max(o, c) * (1 + random() * 0.01));
      const l = cents(Math.min(o, c) * (1 - random() * 0.01));
      close = c;
      return { day: s.day, o, h, l, c, v: Math.round(500_000 + random() * 2_000_000) };
    });
  }

  bar(symbol: string, day: number): DailyBar | null {
    const rows = this.bars(symbol, day);
    const last = rows[rows.length - 1];
    return last && last.day === day ? last : null;
  }

  /** The price at instant `t`: inside a session the line from open to close, else the last close. */
  priceAt(symbol: string, t: number): number | null {
    const session = sessionOf(newYorkDayOf(t));
    if (session && t >= session.open && t < session.close) {
      const b = this.bar(symbol, session.day);
      if (b)
        return cents(b.o + ((b.c - b.o) * (t - session.open)) / (session.close - session.open));
    }
    const rows = this.bars(symbol, lastCompletedTradingDay(t));
    return rows.length ? rows[rows.length - 1]!.c : null;
  }

  /**
   * The price range traded in [from, to] inside one session, and the open when `from` is before
   * it (a gap is filled at the open). A whole session is its bar's low and high.
   */
  rangeIn(symbol: string, s: TradingSession, from: number, to: number) {
    const b = this.bar(symbol, s.day);
    if (!b) return null;
    const start = Math.max(from, s.open);
    const end = Math.min(to, s.close);
    if (start >= end) return null;
    if (start === s.open && end === s.close) return { open: b.o, low: b.l, high: b.h };
    const p1 = this.priceAt(symbol, start) ?? b.o;
    const p2 = end === s.close ? b.c : (this.priceAt(symbol, end) ?? b.c);
    return {
      open: start === s.open ? b.o : null,
      low: Math.min(p1, p2),
      high: Math.max(p1, p2),
    };
  }

  /** Sessions whose hours overlap (from, to]. */
  sessionsIn(from: number, to: number): TradingSession[] {
    return sessionsBetween(newYorkDayOf(from), newYorkDayOf(to)).filter(
      (s) => s.close > from && s.open <= to,
    );
  }

  /** `GET /v2/calendar` rows for [from, to] (YYYY-MM-DD). */
  calendar(from: string, to: string) {
    return sessionsBetween(dayFromIso(from), dayFromIso(to)).map((s) => ({
      date: isoFromDay(s.day),
      open: '09:30',
      close: s.earlyClose ? '13:00' : '16:00',
      session_open: '0400',
      session_close: '2000',
      settlement_date: isoFromDay(nextTradingDay(s.day)),
    }));
  }
}
