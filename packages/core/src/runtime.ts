import { createDb } from '@tradebot/db';
import {
  createRedis,
  mailQueue,
  marketImportQueue,
  mlScoreQueue,
  providerRefreshQueue,
  alpacaUniverseQueue,
  metricsQueue,
  newsQueue,
  openQueue,
  screenerQueue,
  backtestQueue,
  portfolioQueue,
  botQueue,
  alertQueue,
} from '@tradebot/jobs';
import { backgroundTasks } from './background.js';
import { marketDataDir, queueNamespace, type CoreEnv } from './env.js';
import type { ServiceDeps } from './deps.js';
import { redisUserEvents } from './events/user-events.js';
import { createDemoMarketRuntime } from './active-market/active-market.js';
import { alpacaLimiters } from './active-market/alpaca-limiter.js';
import { alpacaClientsFor } from './active-market/alpaca-clients.js';
import type { MarketDeps } from './active-market/market-deps.js';
import { joinDeploymentDemoClock } from './demo-market/demo-clock-origin.js';
import { demoClockService } from './demo-market/demo-clock-sync.js';
import { messageIdDomain, outboxMailer } from './mail/outbox-mailer.js';
import { createCipher } from './security/cipher.js';
import { createRateLimiter } from './security/rate-limit.js';
import { deploymentNamespace } from './redis-namespace.js';
import { createServices } from './services.js';

/**
 * The connections and services of one process (API or worker), built once from its env and
 * closed on shutdown; the database must be migrated first (the namespace of its events is read
 * from it). `overrides` lets tests move the clock.
 */
export async function createCoreRuntime(env: CoreEnv, overrides: Partial<ServiceDeps> = {}) {
  const db = createDb(env.DATABASE_URL, { poolSize: env.DATABASE_POOL_SIZE });
  let namespace: string;
  try {
    namespace = await deploymentNamespace(db, env);
  } catch (error) {
    await db.$disconnect();
    if (!db.pool.ended) await db.pool.end();
    throw error;
  }
  const redis = createRedis(env.REDIS_URL);
  const queueConnection = createRedis(env.REDIS_URL, { forWorker: true });
  const queues = queueNamespace(env);
  const mail = openQueue(mailQueue, queueConnection, queues);
  const metrics = openQueue(metricsQueue, queueConnection, queues);
  const marketImport = openQueue(marketImportQueue, queueConnection, queues);
  const alpacaUniverse = openQueue(alpacaUniverseQueue, queueConnection, queues);
  const screener = openQueue(screenerQueue, queueConnection, queues);
  const news = openQueue(newsQueue, queueConnection, queues);
  const backtests = openQueue(backtestQueue, queueConnection, queues);
  const bot = openQueue(botQueue, queueConnection, queues);
  const portfolio = openQueue(portfolioQueue, queueConnection, queues);
  const alerts = openQueue(alertQueue, queueConnection, queues);
  const mlScore = openQueue(mlScoreQueue, queueConnection, queues);
  const providerRefresh = openQueue(providerRefreshQueue, queueConnection, queues);
  const cipher = createCipher(env.ENCRYPTION_KEY, env.ENCRYPTION_KEY_PREVIOUS);
  const domain = messageIdDomain(env.MAIL_FROM, new URL(env.APP_URL).hostname);
  const market: MarketDeps = {
    source: env.MARKET_SOURCE,
    // One demo market per process; `ready()` puts its clock on the deployment's time line.
    demo: createDemoMarketRuntime(env),
    alpacaEnv: {
      ALPACA_TRADING_URL: env.ALPACA_TRADING_URL,
      ALPACA_DATA_URL: env.ALPACA_DATA_URL,
    },
    alpacaLimiter: alpacaLimiters(redis, namespace, { limit: env.ALPACA_REQUESTS_PER_MINUTE }),
    alpacaFeed: env.ALPACA_DATA_FEED,
  };
  const deps: ServiceDeps = {
    db,
    cipher,
    limiter: createRateLimiter(redis, namespace),
    mailer: outboxMailer(db, mail, cipher, domain),
    smtp: {
      ...(env.SMTP_URL ? { url: env.SMTP_URL } : {}),
      from: env.MAIL_FROM,
      // A token in a production log would be a leak of its own: there the outbox keeps the
      // mail with its links redacted.
      ...(env.NODE_ENV === 'production' ? {} : { devLog: (text: string) => console.log(text) }),
    },
    now: () => new Date(),
    background: backgroundTasks((error) => console.error('[background] task failed:', error)),
    pause: (ms: number) => new Promise<void>((done) => setTimeout(done, ms)),
    appUrl: env.APP_URL,
    events: redisUserEvents(redis, namespace),
    reservedUsernames: env.RESERVED_USERNAMES,
    market,
    metricsQueue: metrics,
    universe: {
      logoUrlTemplate: env.LOGO_URL_TEMPLATE,
      marketDataDir: marketDataDir(env),
      importQueue: marketImport,
      alpacaQueue: alpacaUniverse,
      alpacaDataKey:
        env.ALPACA_DATA_KEY_ID && env.ALPACA_DATA_SECRET_KEY
          ? {
              keyId: env.ALPACA_DATA_KEY_ID,
              secret: env.ALPACA_DATA_SECRET_KEY,
              mode: env.ALPACA_DATA_KEY_MODE,
            }
          : undefined,
      // A load leaves a quarter of the key's budget to its user's bot and dashboard.
      alpacaData: (keys, mode) =>
        alpacaClientsFor(market, keys, mode, {
          headroom: Math.floor(env.ALPACA_REQUESTS_PER_MINUTE / 4),
        }).connectMarketData(),
    },
    screenerQueue: screener,
    newsQueue: news,
    backtestQueue: backtests,
    botQueue: bot,
    portfolioQueue: portfolio,
    alertQueue: alerts,
    queues: [
      mail,
      alerts,
      bot,
      backtests,
      portfolio,
      screener,
      news,
      metrics,
      mlScore,
      marketImport,
      alpacaUniverse,
      providerRefresh,
    ],
    alerts: { allowPrivate: env.ALERT_WEBHOOK_ALLOW_PRIVATE === '1' },
    ...overrides,
  };
  const demoClock = demoClockService(db, deps.market.demo.clock, Date.parse(env.DEMO_CLOCK_START));
  const { services, sessions } = createServices(deps, demoClock);
  let stopClockSync = () => {};
  return {
    db,
    redis,
    /**
     * Prefix of this deployment's websocket event channels and rate-limit keys, from the id in
     * its database (redis-namespace.ts).
     */
    namespace,
    /** Prefix of this deployment's BullMQ queues (config.ts `queueNamespace`). */
    queueNamespace: queues,
    mailQueue: mail,
    deps,
    /** The demo market and its clock (tests move the clock: `demo.clock.advanceTo(ms)`). */
    demo: deps.market.demo,
    services,
    sessions,
    /**
     * The async part of starting, awaited once by each app's main and the test harnesses before
     * serving: the demo clock joins the deployment's shared origin (demo_clock_origins), so every
     * process shows the same market time and a restart does not rewind it.
     */
    async ready() {
      await joinDeploymentDemoClock(db, deps.market.demo.clock, Date.parse(env.DEMO_CLOCK_START));
      // An admin's skip ahead (another process) reaches this one within DEMO_CLOCK_SYNC_MS.
      stopClockSync = demoClock.startSync((error) =>
        console.error('[demo clock] sync failed:', error),
      );
    },
    async close() {
      stopClockSync();
      await deps.background.idle();
      await mail.close();
      await metrics.close();
      await marketImport.close();
      await alpacaUniverse.close();
      await screener.close();
      await news.close();
      await backtests.close();
      await bot.close();
      await portfolio.close();
      await alerts.close();
      await mlScore.close();
      await providerRefresh.close();
      queueConnection.disconnect();
      redis.disconnect();
      await db.$disconnect();
      // Prisma leaves the pool open when only raw pool queries ran (the namespace read).
      if (!db.pool.ended) await db.pool.end();
    },
  };
}

export type CoreRuntime = Awaited<ReturnType<typeof createCoreRuntime>>;
