import { createHash, randomBytes } from 'node:crypto';
import { RequestSlotTimeoutError, type AlpacaRequestLimiter } from '@tradebot/market';
import type { Redis } from 'ioredis';

/**
 * One request budget per Alpaca key, kept in Redis so that every client of the key shares it:
 * each bot tick's and each dashboard read's new adapter, in the API and the worker alike. A
 * sliding window log (a sorted set of the admitted requests' times) decides in one Lua script,
 * on Redis's own clock, so two processes never both take the last slot and their clocks need
 * not agree. The key id is never stored: the Redis keys hold a SHA-256 of it.
 */
export interface AlpacaBudgetSettings {
  /** Requests admitted per window (ALPACA_REQUESTS_PER_MINUTE; Alpaca's free plan: 200). */
  limit: number;
  /** The window, ms; default one minute. */
  windowMs?: number;
  /**
   * How much longer than the window an admission is counted, ms; default 1/60 of the window
   * (1 s a minute). Alpaca counts arrivals, and a request admitted early may arrive later than
   * one admitted a window after it (connection set-up, a busy event loop): without the margin
   * Alpaca can see one request too many in its window.
   */
  marginMs?: number;
  /** The longest `acquire` waits before it gives up with RequestSlotTimeoutError; default 60 s. */
  maxWaitMs?: number;
  /** The longest pause a 429 imposes on the key's other clients; default 60 s. */
  maxPauseMs?: number;
  /** How to wait; tests may watch the waits. */
  sleep?: (ms: number) => Promise<void>;
}

/** Per caller: an interactive read gives up sooner than a job; a bulk job leaves headroom. */
export interface AlpacaBudgetWait {
  maxWaitMs?: number;
  /**
   * Slots of each window this caller leaves to the key's other clients: a bulk load (the
   * universe job) with headroom 50 of 200 never takes the last 50, so the user's bot ticks and
   * reads still get through while it runs. Default 0.
   */
  headroom?: number;
}

export type AlpacaLimiterFactory = (keyId: string, wait?: AlpacaBudgetWait) => AlpacaRequestLimiter;

/**
 * Takes a slot: 0 when admitted, else the ms until one may come free (the oldest admission
 * leaving the window, or the end of a pause after a 429).
 * KEYS: window (sorted set), pause (string with a TTL). ARGV: limit, window ms, member suffix.
 */
const TAKE = `
local paused = redis.call('PTTL', KEYS[2])
if paused > 0 then return paused end
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
if redis.call('ZCARD', KEYS[1]) < limit then
  redis.call('ZADD', KEYS[1], now, now .. ':' .. ARGV[3])
  redis.call('PEXPIRE', KEYS[1], window)
  return 0
end
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
return math.max(1, tonumber(oldest[2]) + window - now)
`;

/** Holds the key's clients back for ARGV[1] ms, unless a longer pause already runs. */
const PAUSE = `
local ms = tonumber(ARGV[1])
if redis.call('PTTL', KEYS[1]) < ms then redis.call('SET', KEYS[1], '1', 'PX', ms) end
return 0
`;

interface BudgetCommands {
  tbAlpacaBudgetTake(window: string, pause: string, ...argv: (string | number)[]): Promise<number>;
  tbAlpacaBudgetPause(pause: string, ms: number): Promise<number>;
}

function commands(redis: Redis): BudgetCommands {
  const r = redis as Redis & Partial<BudgetCommands>;
  if (typeof r.tbAlpacaBudgetTake !== 'function') {
    redis.defineCommand('tbAlpacaBudgetTake', { numberOfKeys: 2, lua: TAKE });
    redis.defineCommand('tbAlpacaBudgetPause', { numberOfKeys: 1, lua: PAUSE });
  }
  return r as Redis & BudgetCommands;
}

const realSleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/** The Redis key stem of one Alpaca key: a hash of its id (braces keep both keys on one slot). */
export function alpacaBudgetKey(namespace: string, keyId: string): string {
  const hash = createHash('sha256').update(keyId).digest('hex');
  return `${namespace}:alpaca-budget:{${hash}}`;
}

/** Builds the limiter of any key; the state is in Redis, so building one per call is cheap. */
export function alpacaLimiters(
  redis: Redis,
  namespace: string,
  settings: AlpacaBudgetSettings,
): AlpacaLimiterFactory {
  const cmd = commands(redis);
  const windowMs = settings.windowMs ?? 60_000;
  const countedMs = windowMs + (settings.marginMs ?? Math.round(windowMs / 60));
  const maxPauseMs = settings.maxPauseMs ?? 60_000;
  const sleep = settings.sleep ?? realSleep;
  if (!Number.isInteger(settings.limit) || settings.limit < 1) {
    throw new RangeError(`an Alpaca request budget needs a positive limit, got ${settings.limit}`);
  }
  return (keyId, wait = {}) => {
    const stem = alpacaBudgetKey(namespace, keyId);
    const windowKey = `${stem}:window`;
    const pauseKey = `${stem}:pause`;
    const maxWaitMs = wait.maxWaitMs ?? settings.maxWaitMs ?? 60_000;
    const admitted = settings.limit - (wait.headroom ?? 0);
    if (!Number.isInteger(admitted) || admitted < 1) {
      throw new RangeError(`headroom ${wait.headroom} leaves no slot of ${settings.limit}`);
    }
    return {
      async acquire() {
        let waited = 0;
        for (;;) {
          const member = randomBytes(6).toString('hex');
          const next = Number(
            await cmd.tbAlpacaBudgetTake(windowKey, pauseKey, admitted, countedMs, member),
          );
          if (next <= 0) return;
          if (waited + next > maxWaitMs) throw new RequestSlotTimeoutError(maxWaitMs);
          // A little spread, so callers waiting for the same slot do not all ask at once.
          const ms = next + Math.floor(Math.random() * 20);
          await sleep(ms);
          waited += ms;
        }
      },
      async pause(ms) {
        const capped = Math.min(Math.ceil(ms), maxPauseMs);
        if (capped > 0) await cmd.tbAlpacaBudgetPause(pauseKey, capped);
      },
    };
  };
}
