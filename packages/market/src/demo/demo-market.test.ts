import {
  BACKTEST_SETTINGS_DEFAULTS,
  STOCK_PARAM_DEFAULTS,
  atrPercent,
  backtest,
  rsi,
  type Bars,
} from '@tradebot/strategy';
import { describe, expect, it } from 'vitest';
import { DAY_MS, isoFromDay } from '../calendar/days.js';
import { isTradingDay } from '../calendar/nyse.js';
import { DemoClock } from './clock.js';
import { DemoMarket } from './demo-market.js';

const ALL = { from: '2000-01-01', to: '2100-12-31' };
const NOW = Date.parse('2026-01-05T21:30:00Z'); // after Monday's close

function market(seed = 42, start = NOW) {
  const clock = new DemoClock({ start, speed: 0 });
  return { clock, market: new DemoMarket({ seed, clock, cacheSize: 1_000 }) };
}

const shared = market();
const SYM = shared.market.listings().find((c) => c.profile.asset_type === 'stock')?.profile
  .symbol as string;

function expectPrefix(longer: Bars, shorter: Bars) {
  const n = shorter.close.length;
  for (const k of ['time', 'open', 'high', 'low', 'close', 'volume'] as const) {
    expect(Array.from(longer[k].subarray(0, n))).toEqual(Array.from(shorter[k]));
  }
}

describe('DemoMarket bars', () => {
  it('are the same for the same seed and differ for another', async () => {
    const a = await shared.market.getDailyBars(SYM, ALL);
    const b = await market().market.getDailyBars(SYM.toLowerCase(), ALL);
    expect(b).toEqual(a);
    const symbol = shared.market.listings()[0]?.profile.symbol as string;
    const other = market(43).market;
    const c = await other.getDailyBars(other.listings()[0]?.profile.symbol as string, ALL);
    expect(Array.from(c.close.subarray(0, 50))).not.toEqual(
      Array.from((await shared.market.getDailyBars(symbol, ALL)).close.subarray(0, 50)),
    );
  });

  it('hold OHLC, positive prices and volume, and trading days only, for the whole universe', async () => {
    for (const c of shared.market.listings()) {
      const bars = await shared.market.getDailyBars(c.profile.symbol, ALL);
      expect(bars.close.length).toBe(shared.market.completedCount());
      for (let i = 0; i < bars.close.length; i++) {
        const o = bars.open[i] as number;
        const h = bars.high[i] as number;
        const l = bars.low[i] as number;
        const cl = bars.close[i] as number;
        const v = bars.volume[i] as number;
        if (!(l > 0 && l <= Math.min(o, cl) && Math.max(o, cl) <= h && v > 0)) {
          throw new Error(`${c.profile.symbol} bar ${i}: ${o} ${h} ${l} ${cl} ${v}`);
        }
      }
    }
    const bars = await shared.market.getDailyBars(SYM, ALL);
    for (const t of bars.time) expect(isTradingDay(t / DAY_MS), isoFromDay(t / DAY_MS)).toBe(true);
    expect(isoFromDay((bars.time[0] as number) / DAY_MS)).toBe('2016-01-04');
    expect(isoFromDay((bars.time[bars.time.length - 1] as number) / DAY_MS)).toBe('2026-01-05');
    // Heavy on CPU: room for a machine running the whole suite.
  }, 30_000);

  it('never change as the clock advances; a new bar appears at each session close only', async () => {
    const { clock, market: m } = market(42, Date.parse('2024-11-27T12:00:00Z'));
    const before = await m.getDailyBars(SYM, ALL);
    expect(isoFromDay((before.time.at(-1) as number) / DAY_MS)).toBe('2024-11-26');
    clock.advanceTo(Date.parse('2024-11-27T20:59:59Z')); // a second before Wednesday's close
    expect((await m.getDailyBars(SYM, ALL)).close.length).toBe(before.close.length);
    clock.advanceTo(Date.parse('2024-11-27T21:00:00Z'));
    const wednesday = await m.getDailyBars(SYM, ALL);
    expect(wednesday.close.length).toBe(before.close.length + 1);
    clock.advanceTo(Date.parse('2024-11-29T17:59:00Z')); // Thanksgiving passed, early close at 1 pm
    expect((await m.getDailyBars(SYM, ALL)).close.length).toBe(wednesday.close.length);
    clock.advanceTo(Date.parse('2024-11-29T18:00:00Z'));
    expect((await m.getDailyBars(SYM, ALL)).close.length).toBe(wednesday.close.length + 1);
    clock.advanceSessions(300); // far enough to regenerate the factors
    const later = await m.getDailyBars(SYM, ALL);
    expect(later.close.length).toBe(before.close.length + 302);
    expectPrefix(later, before);
    expectPrefix(later, await shared.market.getDailyBars(SYM, ALL));
  });

  it('answer a date range inclusively and unknown symbols with nothing', async () => {
    const week = await shared.market.getDailyBars(SYM, { from: '2025-12-27', to: '2026-01-02' });
    expect(Array.from(week.time, (t) => isoFromDay(t / DAY_MS))).toEqual([
      '2025-12-29',
      '2025-12-30',
      '2025-12-31',
      '2026-01-02',
    ]);
    expect((await shared.market.getDailyBars('ZZZZZ', ALL)).close.length).toBe(0);
    expect(await shared.market.getLatestTrade('ZZZZZ')).toBeNull();
  });
});

describe('DemoMarket price dynamics', () => {
  it('gaps at the open, jumps now and then, and trades more on big moves', async () => {
    let gaps = 0;
    let jumps = 0;
    let days = 0;
    let positiveCorrelations = 0;
    const stocks = shared.market.listings().filter((c) => c.profile.asset_type === 'stock');
    for (const c of stocks.slice(0, 100)) {
      const b = await shared.market.getDailyBars(c.profile.symbol, ALL);
      const x: number[] = [];
      const y: number[] = [];
      for (let t = 1; t < b.close.length; t++) {
        const gap = Math.abs(Math.log((b.open[t] as number) / (b.close[t - 1] as number)));
        if (gap > 0.001) gaps++;
        if (gap > 0.08) jumps++;
        days++;
        x.push(Math.abs(Math.log((b.close[t] as number) / (b.close[t - 1] as number))));
        y.push(Math.log(b.volume[t] as number));
      }
      if (correlation(x, y) > 0.1) positiveCorrelations++;
    }
    expect(gaps / days).toBeGreaterThan(0.5);
    expect(jumps / days).toBeGreaterThan(0.0005);
    expect(jumps / days).toBeLessThan(0.01);
    expect(positiveCorrelations).toBeGreaterThan(90);
  });
});

function correlation(x: number[], y: number[]): number {
  const n = x.length;
  const mx = x.reduce((a, b) => a + b, 0) / n;
  const my = y.reduce((a, b) => a + b, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = (x[i] as number) - mx;
    const dy = (y[i] as number) - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  return sxy / Math.sqrt(sxx * syy);
}

describe('DemoMarket latest trade and quote', () => {
  it('moves inside the day range during a session and ends at the close', async () => {
    const { clock, market: m } = market(42, Date.parse('2025-06-02T13:00:00Z'));
    const closed = await m.getLatestTrade(SYM);
    const prev = await m.getDailyBars(SYM, ALL);
    expect(closed?.price).toBe(prev.close.at(-1));
    clock.advanceTo(Date.parse('2025-06-02T16:00:00Z'));
    const mid = await m.getLatestTrade(SYM);
    clock.advanceTo(Date.parse('2025-06-02T20:00:00Z'));
    const bar = await m.getDailyBars(SYM, { from: '2025-06-02', to: '2025-06-02' });
    expect(mid?.price).toBeGreaterThanOrEqual(bar.low[0] as number);
    expect(mid?.price).toBeLessThanOrEqual(bar.high[0] as number);
    expect((await m.getLatestTrade(SYM))?.price).toBe(bar.close[0]);
    const q = await m.getLatestQuote(SYM);
    expect(q && q.bid < q.ask && q.ask - q.bid < 0.01 * q.bid + 0.02).toBe(true);
  });
});

describe('DemoMarket news', () => {
  it('publishes after the close, with a tone that follows the move', async () => {
    const symbols = shared.market
      .listings()
      .slice(0, 60)
      .map((c) => c.profile.symbol);
    const items = await shared.market.getNews({
      symbols,
      since: NOW - 120 * DAY_MS,
      limit: 10_000,
    });
    expect(items.length).toBeGreaterThan(100);
    let agree = 0;
    for (const item of items) {
      expect(item.publishedAt).toBeLessThanOrEqual(NOW);
      expect(item.knownTone).toBeGreaterThanOrEqual(-1);
      expect(item.knownTone).toBeLessThanOrEqual(1);
      const day = isoFromDay(Math.floor(item.publishedAt / DAY_MS));
      const bars = await shared.market.getDailyBars(item.symbol, { from: '2025-01-01', to: day });
      const move = (bars.close.at(-1) as number) - (bars.close.at(-2) as number);
      if (
        Math.abs(item.knownTone as number) > 0.2 &&
        Math.sign(move) === Math.sign(item.knownTone as number)
      )
        agree++;
      else if (Math.abs(item.knownTone as number) <= 0.2) agree++;
    }
    expect(agree / items.length).toBeGreaterThan(0.97);
    expect(items[0]?.publishedAt).toBeGreaterThanOrEqual(items.at(-1)?.publishedAt as number);
  });
});

describe('DemoMarket fundamentals', () => {
  it('agree with the price and with each other', async () => {
    const list = await shared.market.listUniverse();
    expect(list.length).toBeGreaterThanOrEqual(500);
    const close = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b));
    for (const f of list) {
      const bars = await shared.market.getDailyBars(f.symbol, ALL);
      expect(f.price).toBe(bars.close.at(-1));
      expect(close(f.market_cap, f.shares_outstanding * f.price)).toBe(true);
      expect(f.week_52_low).toBeLessThanOrEqual(f.price);
      expect(f.week_52_high).toBeGreaterThanOrEqual(f.price);
      const turnover = f.average_volume / f.float_shares;
      expect(turnover > 0.0002 && turnover < 0.2, `${f.symbol} turnover ${turnover}`).toBe(true);
      expect(close(f.dividend_yield, (100 * f.dividend_per_share) / f.price)).toBe(true);
      if (f.eps === null) continue;
      if (f.eps > 0) expect(close(f.pe_ratio as number, f.price / f.eps)).toBe(true);
      else expect(f.pe_ratio).toBeNull();
      if (f.dividend_per_share > 0)
        expect(close(f.payout_ratio as number, (100 * f.dividend_per_share) / f.eps)).toBe(true);
      expect(close(f.pb_ratio as number, f.price / (f.book_value_per_share as number))).toBe(true);
      expect(close(f.ps_ratio as number, f.market_cap / (f.revenue as number))).toBe(true);
      expect(Math.sign(f.roe as number)).toBe(Math.sign(f.eps));
      expect(f.gross_margin as number).toBeGreaterThan(f.operating_margin as number);
    }
  });

  it('draws its index as bars: the level compounds the index returns, dated like the listings', async () => {
    const index = shared.market.indexReturns();
    const all = shared.market.indexBars(ALL);
    const stock = await shared.market.getDailyBars(SYM, ALL);
    expect(Array.from(all.time)).toEqual(Array.from(stock.time));
    expect(all.close[0]).toBeCloseTo(100 * Math.exp(index[0] as number), 10);
    for (const t of [1, 100, all.close.length - 1])
      expect((all.close[t] as number) / (all.close[t - 1] as number)).toBeCloseTo(
        Math.exp(index[t] as number),
        12,
      );
    // A window has the same levels as the whole history on its dates.
    const from = isoFromDay((all.time[200] as number) / DAY_MS);
    const to = isoFromDay((all.time[260] as number) / DAY_MS);
    const part = shared.market.indexBars({ from, to });
    expect(part.close.length).toBe(61);
    expect(part.close[0]).toBe(all.close[200]);
    expect(part.close[60]).toBe(all.close[260]);
  });

  it('reports a beta that the prices bear out against the simulated index', async () => {
    const n = shared.market.completedCount();
    const index = shared.market.indexReturns();
    expect(index.length).toBe(n);
    const stocks = shared.market.listings().filter((c) => c.profile.asset_type === 'stock');
    for (const c of stocks.slice(0, 40)) {
      const bars = await shared.market.getDailyBars(c.profile.symbol, ALL);
      let sxy = 0;
      let sxx = 0;
      for (let t = 1; t < n; t++) {
        const x = index[t] as number;
        const y = Math.log((bars.close[t] as number) / (bars.close[t - 1] as number));
        sxy += x * y;
        sxx += x * x;
      }
      // Noise in the estimate grows with the stock's own volatility (about 0.05 per 0.2 of it).
      const tolerance = 0.1 + 0.25 * c.model.idioVol * Math.sqrt(252);
      expect(Math.abs(sxy / sxx - c.model.beta), c.profile.symbol).toBeLessThan(tolerance);
    }
  });

  it('answers one company by symbol, any case', async () => {
    const list = await shared.market.listUniverse();
    expect(
      await shared.market.getCompany((list[3] as { symbol: string }).symbol.toLowerCase()),
    ).toEqual(list[3]);
    expect(await shared.market.getCompany('ZZZZZ')).toBeNull();
  });

  it('give the default screener criteria something to find', async () => {
    // max_rsi 60, min_atr_percent 3, min_average_volume 500000, beta 1.2–5.
    let found = 0;
    for (const f of await shared.market.listUniverse()) {
      const b = await shared.market.getDailyBars(f.symbol, ALL);
      const n = b.close.length;
      const r = rsi(b.close, 14)[n - 1] as number;
      const a = atrPercent(b.high, b.low, b.close, 14)[n - 1] as number;
      if (f.beta >= 1.2 && f.beta <= 5 && f.average_volume >= 500_000 && a >= 3 && r <= 60) found++;
    }
    expect(found).toBeGreaterThan(20);
  });
});

describe('the strategy on demo bars', () => {
  it("trades on most symbols with the product's default parameters", async () => {
    const config = { ...BACKTEST_SETTINGS_DEFAULTS, seed: 1 };
    const stocks = shared.market.listings().filter((c) => c.financials !== null);
    let traded = 0;
    for (const c of stocks) {
      const bars = await shared.market.getDailyBars(c.profile.symbol, {
        from: '2024-01-01',
        to: '2026-12-31',
      });
      if (backtest(bars, STOCK_PARAM_DEFAULTS, config).trades.length > 0) traded++;
    }
    expect(traded / stocks.length).toBeGreaterThan(0.9);
  });
});
