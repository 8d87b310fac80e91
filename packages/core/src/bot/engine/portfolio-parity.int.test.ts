import { DAY_MS, DemoClock, DemoMarket, isoFromDay, dayFromIso } from '@tradebot/market';
import {
  BACKTEST_SETTINGS_DEFAULTS,
  simulatePortfolio,
  type PortfolioRun,
  type StockParams,
} from '@tradebot/strategy';
import { BUSY_PARAMS } from '@tradebot/strategy/testing';
import { listEquityPoints } from '@tradebot/db';
import { describe, expect, it } from 'vitest';
import {
  SEED,
  SIZE,
  afterClose,
  botUser,
  db,
  engine,
  realBroker,
  stockSymbols,
  tradingDays,
  useBotFixture,
} from '../../../test/bot-fixture.js';
import { demoAccountSeed } from '../../demo-market/demo-broker.js';
import { WARM_UP_DAYS } from './symbols.js';

/**
 * The portfolio preview shows what Begin Trading would have done: a user's bot left alone on a
 * Final Trading List of several stocks, ticking after every close of the demo market on its
 * simulated account, makes exactly the round trips `simulatePortfolio` shows for those sessions
 * (stock, side, entry and exit days, quantities, prices, protective reasons), and its account
 * equity at each close is the preview's. Shared cash, buying power and the account halt are
 * exercised: risk is high enough that entries compete for the buying power.
 */
useBotFixture('2025-05-30');

const FIRST = '2025-06-02';
const SESSIONS = 90;

interface RoundTrip {
  symbol: string;
  side: 'long' | 'short';
  entryDay: number;
  exitDay: number;
  quantity: number;
  entryPrice: number;
  exitPrice: number;
  reason: string | null;
}

const order = (a: RoundTrip, b: RoundTrip) =>
  a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : a.entryDay - b.entryDay;

/** The bot's fills paired per stock into round trips (an entry, then the exit of all of it). */
async function botTrips(userId: number): Promise<{ trips: RoundTrip[]; open: number }> {
  const fills = await (await realBroker(userId)).getFills(0);
  const trips: RoundTrip[] = [];
  let open = 0;
  for (const symbol of new Set(fills.map((f) => f.symbol))) {
    const own = fills.filter((f) => f.symbol === symbol);
    for (let k = 0; k < own.length; k += 2) {
      const a = own[k]!;
      const b = own[k + 1];
      if (b === undefined) {
        open++;
        break;
      }
      expect(b.qty).toBe(a.qty);
      trips.push({
        symbol,
        side: a.side === 'buy' ? 'long' : 'short',
        entryDay: Math.floor(a.time / DAY_MS),
        exitDay: Math.floor(b.time / DAY_MS),
        quantity: a.qty,
        entryPrice: a.price,
        exitPrice: b.price,
        reason: b.reason ?? null,
      });
    }
  }
  return { trips: trips.sort(order), open };
}

function previewTrips(run: PortfolioRun): RoundTrip[] {
  return run.trades
    .filter((t) => t.reason !== 'end_of_data')
    .map((t) => ({
      symbol: t.symbol,
      side: t.side,
      entryDay: t.entryTime / DAY_MS,
      exitDay: t.exitTime / DAY_MS,
      quantity: t.quantity,
      entryPrice: t.entryPrice,
      exitPrice: t.exitPrice,
      // The bot's exits at the open carry no protective reason.
      reason: t.reason === 'signal' || t.reason === 'max_drawdown' ? null : t.reason,
    }))
    .sort(order);
}

async function run(
  params: StockParams,
  trading: { risk_percentage: number; max_drawdown: number },
) {
  // The bot decides its list in alphabetical order (finalListParameters), as the preview is given it.
  const symbols = stockSymbols(6).sort();
  const backtest = { ...BACKTEST_SETTINGS_DEFAULTS, partial_fill_probability: 0.3 };
  const userId = await botUser(`folio${trading.max_drawdown}`, {
    symbols,
    parameters: params,
    trading,
    backtest,
  });
  const days = tradingDays(FIRST, SESSIONS);
  const last = days[days.length - 1] as number;
  const future = new DemoMarket({
    seed: SEED,
    size: SIZE,
    clock: new DemoClock({ start: Date.parse('2027-06-01T00:00:00Z'), speed: 0 }),
  });
  const stocks = await Promise.all(
    symbols.map(async (symbol) => ({
      bars: await future.getDailyBars(symbol, {
        from: isoFromDay(dayFromIso(FIRST) - WARM_UP_DAYS),
        to: isoFromDay(last),
      }),
      params: { ...params, risk_per_trade: trading.risk_percentage },
    })),
  );
  const preview = simulatePortfolio(
    stocks,
    {
      initialCash: backtest.initial_balance,
      slippage_percent: backtest.slippage_percent,
      commission_per_share: backtest.commission_per_share,
      partial_fill_probability: backtest.partial_fill_probability,
      trailing_stop_pct: backtest.trailing_stop_pct,
      seed: demoAccountSeed(userId),
      shortAtrThreshold: 1.5,
      max_drawdown: trading.max_drawdown,
    },
    { from: dayFromIso(FIRST) * DAY_MS, to: last * DAY_MS },
  );
  expect([...preview.times]).toEqual(days.map((d) => d * DAY_MS));

  const tick = engine().tick;
  for (const day of days) {
    afterClose(day);
    expect((await tick(userId)).outcome).toBe('ran');
  }
  const bot = await botTrips(userId);
  // The bot's equity at each close (a point is stored when it changes) is the preview's.
  const points = await listEquityPoints(db, userId);
  const byDay = new Map(points.map((p) => [Math.floor(p.at.getTime() / DAY_MS), p.equity]));
  const previewEquity = days
    .slice(0, -1)
    .map((d, k) => [d, preview.equity[k]] as const)
    .filter(([d]) => byDay.has(d));
  return { bot, preview, previewEquity, byDay };
}

describe('bot ≡ portfolio preview on the demo market', () => {
  it.each([
    ['busy rules, risk 10 %: entries compete for the buying power', BUSY_PARAMS, 0.1, 0.2],
    ['busy rules, a 3 % account halt', BUSY_PARAMS, 0.05, 0.03],
  ] as const)(
    "the bot's round trips are the preview's (%s)",
    async (_, params, risk, maxDrawdown) => {
      const r = await run(params, { risk_percentage: risk, max_drawdown: maxDrawdown });
      const want = previewTrips(r.preview);
      expect(want.length).toBeGreaterThan(10);
      expect(new Set(want.map((t) => t.symbol)).size).toBeGreaterThan(2);
      expect(want.some((t) => t.side === 'short')).toBe(true);
      expect(want.some((t) => t.reason !== null)).toBe(true);
      expect(r.bot.trips).toEqual(want);
      const open = r.preview.trades.filter((t) => t.reason === 'end_of_data').length;
      expect(r.bot.open).toBe(open);
      // Flat after a halt, the equity stops changing and stores no more points.
      expect(r.previewEquity.length).toBeGreaterThan(10);
      for (const [day, equity] of r.previewEquity)
        expect([day, r.byDay.get(day)]).toEqual([day, equity]);
      if (maxDrawdown < 0.1) expect(r.preview.halt).not.toBeNull();
      else expect(r.preview.skipped.too_big).toBeGreaterThan(0);
    },
    300_000,
  );
});
