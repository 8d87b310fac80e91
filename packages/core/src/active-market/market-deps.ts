import type { AlpacaLimiterFactory } from './alpaca-limiter.js';
import type {
  AlpacaEnv,
  AlpacaFeed,
  AlpacaMarketDataOptions,
  DemoClock,
  DemoMarket,
  MarketClock,
} from '@tradebot/market';

export type { MarketName } from '@tradebot/db';
export type MarketSource = 'demo' | 'auto';

/** The one demo market of a process, with its clock (tests advance `clock`). */
export interface DemoMarketRuntime {
  market: DemoMarket;
  clock: DemoClock;
}

/** What resolving a user's market needs beyond the database and the cipher. */
export interface MarketDeps {
  /** `demo`: everyone on the demo market; `auto`: each user's choice. */
  source: MarketSource;
  demo: DemoMarketRuntime;
  /** ALPACA_TRADING_URL / ALPACA_DATA_URL when set. */
  alpacaEnv: AlpacaEnv;
  /**
   * The shared request budget of an Alpaca key (Redis, one per key across processes;
   * alpaca-limiter.ts). createCoreRuntime always sets it; without it each adapter limits only
   * itself.
   */
  alpacaLimiter?: AlpacaLimiterFactory;
  /** ALPACA_DATA_FEED: the feed of every Alpaca market-data client (default `iex`). */
  alpacaFeed?: AlpacaFeed;
  /** Opens an Alpaca clock (its first refresh done); injected so tests can fake Alpaca. */
  connectAlpaca?: (options: AlpacaMarketDataOptions) => Promise<{ clock: MarketClock }>;
}
