import type { TMarketStatusOutput } from '@tradebot/api-contract';
import { chooseDemoMarket } from '@tradebot/db';
import { AlpacaMarketData, DemoClock, DemoMarket, type MarketClock } from '@tradebot/market';
import type { ServiceDeps } from '../deps.js';
import type { SessionInfo } from '../types.js';
import { alpacaClientsFor } from './alpaca-clients.js';
import { loadAlpacaKeys } from './alpaca-keys.js';
import type { DemoMarketRuntime, MarketName } from './market-deps.js';
import { universeOf, type UniverseName } from './universe-source.js';

export type { DemoMarketRuntime, MarketDeps, MarketName, MarketSource } from './market-deps.js';
export { universeOf, type UniverseName } from './universe-source.js';

/**
 * Builds the process's demo market once (createCoreRuntime): the clock starts at the fixed
 * `DEMO_CLOCK_START` market instant and runs at `DEMO_TRADING_DAYS_PER_MINUTE` (0 = paused);
 * the runtime's `ready()` then moves it to the deployment's shared position
 * (demo-clock-origin.ts).
 */
export function createDemoMarketRuntime(settings: {
  DEMO_SEED: number;
  DEMO_TRADING_DAYS_PER_MINUTE: number;
  DEMO_CLOCK_START: string;
}): DemoMarketRuntime {
  const clock = new DemoClock({
    start: Date.parse(settings.DEMO_CLOCK_START),
    tradingDaysPerMinute: settings.DEMO_TRADING_DAYS_PER_MINUTE,
  });
  return { clock, market: new DemoMarket({ seed: settings.DEMO_SEED, clock }) };
}

/**
 * A status read should answer quickly: one retry at most, waits capped at a second. A failure
 * is "unknown", never an error.
 */
const STATUS_CALL = { maxRetries: 1, maxRetryWaitMs: 1000 } as const;
/** …and waits at most 5 s for a slot of the key's request budget. */
const STATUS_WAIT = { maxWaitMs: 5000 } as const;

/**
 * Resolves which market a user is on and reads its clock. `MARKET_SOURCE=demo` puts everyone
 * on the demo market; otherwise the user's stored choice: `demo` after "Use the demo market",
 * `alpaca` (the default, and whenever keys are saved) with the keys of the selected mode.
 */
export function activeMarketService(deps: ServiceDeps) {
  const { db, cipher, limiter } = deps;
  const market = deps.market;
  const connect = market.connectAlpaca ?? ((options) => AlpacaMarketData.connect(options));

  /** The market the user's requests use. */
  function marketOf(session: SessionInfo): MarketName {
    return market.source === 'demo' ? 'demo' : session.account.market;
  }

  /** The listings the user screens and explores. */
  function universeFor(session: SessionInfo): UniverseName {
    return universeOf(marketOf(session));
  }

  /** The active market's clock, or null when it cannot be read (no keys, Alpaca failing). */
  async function clockFor(session: SessionInfo): Promise<MarketClock | null> {
    if (marketOf(session) === 'demo') return market.demo.clock;
    const mode = session.account.alpacaEnvironment;
    const keys = await loadAlpacaKeys(db, cipher, session.userId, mode);
    if (!keys) return null;
    // Each read is a call to Alpaca on the user's keys (their rate limit, their bill).
    await limiter.consume('alpacaStatusAccount', String(session.userId));
    try {
      const alpaca = await connect(
        alpacaClientsFor(market, keys, mode, STATUS_WAIT).dataOptions(STATUS_CALL),
      );
      return alpaca.clock;
    } catch {
      // Bad keys, Alpaca down, a malformed answer: the dashboard shows "Unknown".
      return null;
    }
  }

  /**
   * GET /api/get-market-status: `is_open` null means Unknown. With the clock's market time, its
   * next open or close and its speed (market ms per wall ms: the demo clock's, 1 on Alpaca), the
   * dashboard reads the status again right when the market opens or closes.
   */
  async function marketStatus(session: SessionInfo): Promise<TMarketStatusOutput> {
    const clock = await clockFor(session);
    if (!clock) return { is_open: null };
    const open = clock.isOpen();
    return {
      is_open: open,
      market_time: new Date(clock.now()).toISOString(),
      next_change: new Date(open ? clock.nextClose() : clock.nextOpen()).toISOString(),
      speed: marketOf(session) === 'demo' ? market.demo.clock.speed : 1,
    };
  }

  /** The active market's time: the demo clock, or the wall clock on Alpaca (its market time). */
  function marketNow(session: SessionInfo): Date {
    return new Date(marketOf(session) === 'demo' ? market.demo.clock.now() : deps.now().getTime());
  }

  /** POST /api/use-demo-market: idempotent; saved keys stay, saving keys again switches back. */
  async function useDemoMarket(session: SessionInfo) {
    await chooseDemoMarket(db, session.userId);
    return { market: 'demo' as const, is_onboarded: true as const };
  }

  return { marketOf, universeFor, clockFor, marketNow, marketStatus, useDemoMarket };
}

export type ActiveMarketService = ReturnType<typeof activeMarketService>;
