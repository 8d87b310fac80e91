import { AppError, server } from '@tradebot/api-contract';
import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';

/**
 * Fixed-window limits kept in Redis, so every API instance shares them (each consume is one
 * atomic Redis script, so parallel requests cannot overshoot a limit). Password guesses are
 * refused per IP, per (account, IP), and per account from addresses that never logged in to it
 * (`loginAccount`, spent before the password is checked, unknown usernames too); an address that
 * logged in to the account before (`loginKnownAddress`) keeps its own budget, so strangers never
 * lock the owner out (OWASP ASVS 2.2.1), and a reset by mail stays available.
 */
export const RATE_LIMITS = {
  loginIp: { points: 30, duration: 15 * 60 },
  loginAccountIp: { points: 10, duration: 15 * 60 },
  /** Password checks for an account from addresses that never logged in to it. */
  loginAccount: { points: 100, duration: 60 * 60 },
  /** Counted on each successful password login: (account, address) pairs seen before. */
  loginKnownAddress: { points: 1_000_000, duration: 90 * 24 * 60 * 60 },
  /** Counted, never refused: failed passwords for an account from anywhere. */
  loginFailures: { points: 1_000_000, duration: 15 * 60 },
  /** Wrong current passwords at change-password (the caller already holds a session). */
  passwordCheckAccount: { points: 10, duration: 15 * 60 },
  twoFaIp: { points: 30, duration: 5 * 60 },
  twoFaAccount: { points: 5, duration: 5 * 60 },
  signupIp: { points: 5, duration: 60 * 60 },
  clientErrorIp: { points: 30, duration: 60 },
  resetIp: { points: 10, duration: 15 * 60 },
  resetAccount: { points: 3, duration: 60 * 60 },
  verifyRequestAccount: { points: 3, duration: 60 * 60 },
  verifyRequestAddress: { points: 3, duration: 60 * 60 },
  /** Starts of a screener run, per user. */
  screenerRun: { points: 10, duration: 60 },
  /** Saves of a screening template, per user. */
  templateSave: { points: 10, duration: 60 },
  /** Backtest requests (one per symbol: a list of stocks is sent symbol by symbol), per user. */
  backtestRun: { points: 300, duration: 60 },
  /** Market-status reads that call Alpaca on the user's keys (the dashboard polls). */
  alpacaStatusAccount: { points: 30, duration: 60 },
  /** "Test connection" in account settings: one Alpaca account read each. */
  alpacaTestAccount: { points: 10, duration: 60 },
  /** Dashboard reads of the bot that call Alpaca (positions, tracked symbols, chart, trades). */
  botAlpacaReads: { points: 60, duration: 60 },
  /** "Send test alert": each sends a mail, a Telegram message or a webhook request. */
  alertTestAccount: { points: 5, duration: 60 },
  /** Alert settings saves (each may resolve a webhook's host). */
  alertSaveAccount: { points: 20, duration: 60 },
} as const;

export type RateBucket = keyof typeof RATE_LIMITS;

export interface RateLimiter {
  /**
   * Counts one attempt; throws a 429 AppError with a retry hint when the bucket is full (its
   * message `tooManyRequests`, or `message`).
   */
  consume(bucket: RateBucket, key: string, message?: (seconds: number) => string): Promise<void>;
  reset(bucket: RateBucket, key: string): Promise<void>;
  /** Counts one event without ever refusing; returns the count in the current window. */
  record(bucket: RateBucket, key: string): Promise<number>;
  /** The count in the current window. */
  count(bucket: RateBucket, key: string): Promise<number>;
}

/**
 * How long a login for an account waits, given its recent failures from anywhere: nothing for
 * the first few typos, then doubling from a quarter second up to 8 s. Slows a distributed
 * guesser down without refusing the owner's right password.
 */
export const LOGIN_DELAY = { freeFailures: 3, firstMs: 250, maxMs: 8000 } as const;
export function loginDelayMs(failures: number): number {
  const over = failures - LOGIN_DELAY.freeFailures;
  if (over <= 0) return 0;
  return Math.min(LOGIN_DELAY.maxMs, LOGIN_DELAY.firstMs * 2 ** (over - 1));
}

export function createRateLimiter(redis: Redis, namespace: string): RateLimiter {
  const limiters = new Map<RateBucket, RateLimiterRedis>();
  const limiterFor = (bucket: RateBucket) => {
    let limiter = limiters.get(bucket);
    if (!limiter) {
      limiter = new RateLimiterRedis({
        storeClient: redis,
        keyPrefix: `${namespace}:rl:${bucket}`,
        ...RATE_LIMITS[bucket],
      });
      limiters.set(bucket, limiter);
    }
    return limiter;
  };
  return {
    async consume(bucket, key, message = server.tooManyRequests) {
      try {
        await limiterFor(bucket).consume(key.toLowerCase());
      } catch (error) {
        if (!(error instanceof RateLimiterRes)) throw error;
        const seconds = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
        throw new AppError('TOO_MANY_REQUESTS', message(seconds), seconds);
      }
    },
    async reset(bucket, key) {
      await limiterFor(bucket).delete(key.toLowerCase());
    },
    async record(bucket, key) {
      return (await limiterFor(bucket).penalty(key.toLowerCase(), 1)).consumedPoints;
    },
    async count(bucket, key) {
      return (await limiterFor(bucket).get(key.toLowerCase()))?.consumedPoints ?? 0;
    },
  };
}
