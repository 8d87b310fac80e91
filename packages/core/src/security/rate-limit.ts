import { AppError, server } from '@tradebot/api-contract';
import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';

/**
 * Fixed-window limits kept in Redis, so every API instance shares them. Buckets are keyed
 * by IP and, where there is one, by account, so a botnet cannot spread guesses over IPs for
 * one account and one IP cannot spray many accounts.
 */
export const RATE_LIMITS = {
  loginIp: { points: 30, duration: 15 * 60 },
  loginAccount: { points: 10, duration: 15 * 60 },
  twoFaIp: { points: 30, duration: 5 * 60 },
  twoFaAccount: { points: 5, duration: 5 * 60 },
  signupIp: { points: 5, duration: 60 * 60 },
  clientErrorIp: { points: 30, duration: 60 },
  resetIp: { points: 10, duration: 15 * 60 },
  resetAccount: { points: 3, duration: 60 * 60 },
  verifyRequestAccount: { points: 3, duration: 60 * 60 },
  verifyRequestAddress: { points: 3, duration: 60 * 60 },
} as const;

export type RateBucket = keyof typeof RATE_LIMITS;

export interface RateLimiter {
  /** Counts one attempt; throws a 429 AppError with a retry hint when the bucket is full. */
  consume(bucket: RateBucket, key: string): Promise<void>;
  reset(bucket: RateBucket, key: string): Promise<void>;
}

export function createRateLimiter(redis: Redis): RateLimiter {
  const limiters = new Map<RateBucket, RateLimiterRedis>();
  const limiterFor = (bucket: RateBucket) => {
    let limiter = limiters.get(bucket);
    if (!limiter) {
      limiter = new RateLimiterRedis({
        storeClient: redis,
        keyPrefix: `rl:${bucket}`,
        ...RATE_LIMITS[bucket],
      });
      limiters.set(bucket, limiter);
    }
    return limiter;
  };
  return {
    async consume(bucket, key) {
      try {
        await limiterFor(bucket).consume(key.toLowerCase());
      } catch (error) {
        if (!(error instanceof RateLimiterRes)) throw error;
        const seconds = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
        throw new AppError('TOO_MANY_REQUESTS', server.tooManyRequests(seconds), seconds);
      }
    },
    async reset(bucket, key) {
      await limiterFor(bucket).delete(key.toLowerCase());
    },
  };
}
