import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/**
 * The settings every process that builds the services needs. Each app's env.ts (the only
 * place that reads process.env) extends this shape, so API and worker agree on names and
 * defaults.
 */
/**
 * METRICS_TOKEN (API and worker): the bearer token a Prometheus scraper sends to /metrics; at
 * least 16 characters (`openssl rand -hex 24`). Unset or empty: no metrics are served.
 */
export const metricsToken = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z.string().trim().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
);

export const coreEnvShape = {
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  DATABASE_URL: z.string().url().default('postgresql://postgres@127.0.0.1:5432/tradebot'),
  /** PostgreSQL connections per process; requests queue for one when all are busy. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  REDIS_URL: z.string().url().default('redis://127.0.0.1:6379/0'),
  /**
   * Namespace of this deployment's Redis keys, queues and channels. Default: websocket events
   * and rate limits under a name from the id stored in the database (`deploymentNamespace`),
   * queues under one from DATABASE_URL's text (`queueNamespace`). Set it when two deployments
   * whose DATABASE_URL reads the same share one Redis, so their queues stay apart too.
   */
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,64}$/, 'REDIS_PREFIX may hold letters, digits, _ . - (at most 64)')
    .optional(),
  /** 32 bytes as 64 hex characters; generated into .data/ on first local start when absent. */
  ENCRYPTION_KEY: z
    .string()
    .regex(/^[0-9a-f]{64}$/i, 'ENCRYPTION_KEY must be 64 hex characters (32 bytes)')
    .optional(),
  /**
   * The key ENCRYPTION_KEY replaced, while `npm run rotate-encryption-key` re-encrypts what it
   * sealed: secrets are read with either key and written with ENCRYPTION_KEY only.
   */
  ENCRYPTION_KEY_PREVIOUS: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^[0-9a-f]{64}$/i, 'ENCRYPTION_KEY_PREVIOUS must be 64 hex characters (32 bytes)')
      .optional(),
  ),
  APP_URL: z.string().url().default('http://localhost:3000'),
  /** smtp://user:pass@host:port or smtps://…; unset keeps mail in the dev outbox. */
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Tradebot <no-reply@localhost>'),
  /**
   * 1 lets alert webhooks reach loopback and private addresses (a receiver on this machine or
   * network, the tests); by default they are refused when saved and again when sent.
   */
  ALERT_WEBHOOK_ALLOW_PRIVATE: z.enum(['0', '1']).default('0'),
  /** Usernames exempt from 2FA changes (two reserved accounts). */
  RESERVED_USERNAMES: z
    .string()
    .default('admin,support')
    .transform((value) =>
      value
        .split(',')
        .map((name) => name.trim().toLowerCase())
        .filter(Boolean),
    ),
  /**
   * `demo` puts every user of the deployment on the demo market (a public demo instance, the
   * browser tests); `auto` uses each user's choice: Alpaca with saved keys, or the demo market
   * after "Use the demo market" (core/src/active-market/active-market.ts).
   */
  MARKET_SOURCE: z.enum(['demo', 'auto']).default('auto'),
  /** The demo market's seed: same seed, same universe and prices on every machine. */
  DEMO_SEED: z.coerce.number().int().min(0).max(0xffffffff).default(1),
  /**
   * The demo clock's speed in trading days per wall minute (1: a session lasts about 16 wall
   * seconds; 0: paused, only explicit advances move it, as in the tests).
   */
  DEMO_TRADING_DAYS_PER_MINUTE: z.coerce.number().min(0).max(1000).default(1),
  /**
   * Market time of the demo clock at the deployment's first start (ISO instant); later starts
   * continue from the wall-clock origin stored in PostgreSQL (market/demo-clock-origin.ts).
   * Default Monday 2026-01-05, 9:00 New York (closed, opening half an hour later in market time).
   */
  DEMO_CLOCK_START: z.iso.datetime({ offset: true }).default('2026-01-05T14:00:00Z'),
  /** Alpaca-compatible trading and market-data addresses; unset: Alpaca's own. */
  ALPACA_TRADING_URL: z.string().url().optional(),
  ALPACA_DATA_URL: z.string().url().optional(),
  /**
   * Requests a minute one Alpaca key may make, shared by the API and the worker (Redis):
   * Alpaca's free plan allows 200; a paid data plan allows more.
   */
  ALPACA_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(200),
  /**
   * Alpaca's market-data feed for bars and latest trades: `iex` (free, the IEX exchange alone) or
   * `sip` (every US exchange; needs Alpaca's paid data plan, else Alpaca refuses with 403).
   */
  ALPACA_DATA_FEED: z.enum(['iex', 'sip']).default('iex'),
  /**
   * The deployment's Alpaca market-data key (both or neither): it loads the Alpaca universe
   * (assets and daily bars) for every Alpaca user. Unset: the saved keys of an Alpaca user are
   * used (the user whose visit asked for the load), and without any nothing is loaded.
   */
  ALPACA_DATA_KEY_ID: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().trim().min(1).optional(),
  ),
  /** Which Alpaca environment the data key belongs to (its assets come from that trading API). */
  ALPACA_DATA_KEY_MODE: z.enum(['paper', 'live']).default('paper'),
  ALPACA_DATA_SECRET_KEY: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().trim().min(1).optional(),
  ),
  /**
   * Logo address of a real listing, built from its company domain: `{domain}` (and `{symbol}`)
   * are replaced, e.g. https://logo.clearbit.com/{domain}. Unset: real listings show "No Logo".
   * Its origin is added to the CSP's img-src.
   */
  LOGO_URL_TEMPLATE: z
    .string()
    .url()
    .refine(
      (value) => /^https?:/.test(value) && /\{(domain|symbol)\}/.test(value),
      'LOGO_URL_TEMPLATE must be an http(s) address holding {domain} or {symbol}',
    )
    .optional(),
  /**
   * The folder the admin dashboard's "Import market data" loads (laid out like ../shared/data).
   * Default: ../shared/data beside the repository, when it exists.
   */
  MARKET_DATA_DIR: z.string().min(1).optional(),
};

type CoreEnvInput = z.infer<z.ZodObject<typeof coreEnvShape>>;
export type CoreEnv = Omit<CoreEnvInput, 'ENCRYPTION_KEY'> & { ENCRYPTION_KEY: string };

/**
 * The namespace of the deployment's BullMQ queues: REDIS_PREFIX, or a name from DATABASE_URL's
 * text. It stays the URL's so an upgrade finds the jobs queued before it; the events and rate
 * limits use the stored id instead (redis-namespace.ts `deploymentNamespace`).
 */
export function queueNamespace(env: { REDIS_PREFIX?: string | undefined; DATABASE_URL: string }) {
  if (env.REDIS_PREFIX) return env.REDIS_PREFIX;
  const url = new URL(env.DATABASE_URL);
  const database = `${url.hostname}:${url.port || '5432'}${url.pathname}`;
  return `tb-${createHash('sha256').update(database).digest('hex').slice(0, 12)}`;
}

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** MARKET_DATA_DIR, or ../shared/data beside the repository when it exists (else none). */
export function marketDataDir(env: { MARKET_DATA_DIR?: string | undefined }): string | undefined {
  if (env.MARKET_DATA_DIR) return resolve(env.MARKET_DATA_DIR);
  const shared = resolve(repoRoot, '../shared/data');
  return existsSync(shared) ? shared : undefined;
}

/** Parses settings with a message that names each bad one and the file that documents it. */
export function parseEnv<S extends z.ZodRawShape>(
  shape: S,
  source: NodeJS.ProcessEnv,
  app: string,
) {
  const parsed = z.object(shape).safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid settings for ${app} (see ${app}/.env.example):\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/**
 * The key for secrets at rest: required in production; locally one is generated once into
 * .data/encryption.key, which the API and the worker then share.
 */
export function resolveEncryptionKey(
  env: Pick<CoreEnvInput, 'ENCRYPTION_KEY' | 'NODE_ENV'>,
): string {
  if (env.ENCRYPTION_KEY) return env.ENCRYPTION_KEY;
  if (env.NODE_ENV === 'production') {
    throw new Error(
      'ENCRYPTION_KEY is required in production: set it to 64 hex characters (openssl rand -hex 32).',
    );
  }
  const file = resolve(repoRoot, '.data/encryption.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const key = randomBytes(32).toString('hex');
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${key}\n`, { mode: 0o600 });
  return key;
}
