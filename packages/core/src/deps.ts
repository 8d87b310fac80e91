import type { Db } from '@tradebot/db';
import type { UniverseDataPort } from '@tradebot/market';
import type { Queue } from 'bullmq';
import type { BackgroundTasks } from './background.js';
import type { UserEvents } from './events/user-events.js';
import type { AlpacaKeys } from './active-market/alpaca-keys.js';
import type { MarketDeps } from './active-market/market-deps.js';
import type { Mailer } from './mail/outbox-mailer.js';
import type { ChannelOptions } from './alerts/alert-channels.js';
import type { Cipher } from './security/cipher.js';
import type { RateLimiter } from './security/rate-limit.js';

/** What services need from the outside world; tests build it from real PostgreSQL and Redis. */
export interface ServiceDeps {
  db: Db;
  cipher: Cipher;
  limiter: RateLimiter;
  mailer: Mailer;
  /**
   * SMTP delivery (the worker's side of mail); no URL keeps mail in the dev outbox, and
   * `devLog` (never set in production) then prints each kept mail, links included.
   */
  smtp: { url?: string; from: string; devLog?: (text: string) => void };
  /** Injected so tests can move time (session expiry, TOTP steps, trial end). */
  now: () => Date;
  /** Work started by a request and finished after its answer (see background.ts). */
  background: BackgroundTasks;
  /** Waits (login slow-down); injected so tests can see the wait without sitting through it. */
  pause: (ms: number) => Promise<void>;
  appUrl: string;
  reservedUsernames: readonly string[];
  /** Websocket events to a user's open sockets (progress, updates), from any process. */
  events: UserEvents;
  /** MARKET_SOURCE, the process's demo market and the Alpaca addresses. */
  market: MarketDeps;
  /** The metrics refresh queue (core/src/market-universe/metrics-refresh.service.ts). */
  metricsQueue: Queue;
  /** The explorer's logos and the admin's market-data import (core/src/explorer, market-universe). */
  universe: UniverseDeps;
  /** The screener queue (POST /api/run-screener adds, the worker processes). */
  screenerQueue: Queue;
  /** The news queue: stocks new on a list ask for a refresh now, not at the next slot. */
  newsQueue: Queue;
  /** The backtest queue (POST /api/run-backtester adds one job per symbol, the worker optimizes). */
  backtestQueue: Queue;
  /** The portfolio preview queue (core/src/portfolio): one job per preview, its result the job's. */
  portfolioQueue: Queue;
  /** The bot queue: one Job Scheduler `bot:{userId}` per running bot (core/src/bot). */
  botQueue: Queue;
  /** The alerts queue (core/src/alerts): events fan out to the user's channels there. */
  alertQueue: Queue;
  /** Every queue of the deployment, as the admin's System tab lists them (core/src/admin). */
  queues: readonly Queue[];
  /** How alerts reach outside receivers (core/src/alerts/alert-channels.ts). */
  alerts: ChannelOptions;
}

export interface UniverseDeps {
  /** LOGO_URL_TEMPLATE: real listings' logo address from their domain; unset: no logo. */
  logoUrlTemplate?: string | undefined;
  /** The folder the admin's import loads (MARKET_DATA_DIR or ../shared/data); unset: none. */
  marketDataDir?: string | undefined;
  /** The market-data import queue (`marketImportQueue` of packages/jobs). */
  importQueue: Queue;
  /** The Alpaca universe's load queue (`alpacaUniverseQueue` of packages/jobs). */
  alpacaQueue: Queue;
  /** ALPACA_DATA_KEY_ID / ALPACA_DATA_SECRET_KEY (and its mode) when both are set. */
  alpacaDataKey?: (AlpacaKeys & { mode: 'paper' | 'live' }) | undefined;
  /**
   * Opens Alpaca's assets and multi-symbol bars with a key of a mode (the adapter of
   * market/src/alpaca); unset: loads fail saying so. Tests pass an in-memory port.
   */
  alpacaData?:
    | ((keys: AlpacaKeys, mode: 'paper' | 'live') => UniverseDataPort | Promise<UniverseDataPort>)
    | undefined;
}
