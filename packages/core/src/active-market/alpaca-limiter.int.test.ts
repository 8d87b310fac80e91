import { RequestSlotTimeoutError } from '@tradebot/market';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { alpacaBudgetKey, alpacaLimiters } from './alpaca-limiter.js';

/**
 * The shared Alpaca request budget on real Redis. Each limiter factory has its own connection,
 * as two processes (the API and the worker) would. A budget of 10 a second keeps tests short.
 */
const url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379/15';
const connections: Redis[] = [];
function process_(namespace: string, limit = 10, windowMs = 1000) {
  const redis = new Redis(url);
  connections.push(redis);
  return alpacaLimiters(redis, namespace, { limit, windowMs });
}
afterAll(() => connections.forEach((r) => r.disconnect()));

const fresh = () => `tb-test-${Math.random().toString(36).slice(2, 10)}`;

/** The most admissions seen in any span of `windowMs` (times sorted). */
function busiest(times: number[], windowMs: number): number {
  const t = [...times].sort((a, b) => a - b);
  let most = 0;
  for (let i = 0, j = 0; j < t.length; j++) {
    while (t[j]! - t[i]! >= windowMs) i++;
    most = Math.max(most, j - i + 1);
  }
  return most;
}

describe('the shared Alpaca request budget (Redis)', () => {
  it('two processes on one key never let more than 10 through in a second', async () => {
    const ns = fresh();
    const [a, b] = [process_(ns), process_(ns)];
    const admitted: number[] = [];
    const started = Date.now();
    const take = async (limiter: ReturnType<typeof a>) => {
      await limiter.acquire();
      admitted.push(Date.now());
    };
    await Promise.all([
      ...Array.from({ length: 13 }, () => take(a('PKSAMEKEY'))),
      ...Array.from({ length: 12 }, () => take(b('PKSAMEKEY'))),
    ]);
    expect(admitted).toHaveLength(25);
    // Client-side times lag Redis's by a few ms (more on a loaded machine): windows 10% short.
    expect(busiest(admitted, 900)).toBeLessThanOrEqual(10);
    // 25 requests at 10 a second: the last waits two windows, not much longer.
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(1900);
    expect(elapsed).toBeLessThan(4000);
  });

  it('two keys have budgets of their own', async () => {
    const ns = fresh();
    const limiters = process_(ns);
    for (let i = 0; i < 10; i++) await limiters('PKKEYONE').acquire();
    const t0 = Date.now();
    await limiters('PKKEYTWO').acquire();
    expect(Date.now() - t0).toBeLessThan(200);
    await limiters('PKKEYONE').acquire();
    expect(Date.now() - t0).toBeGreaterThanOrEqual(700);
  });

  it('a bulk caller with headroom leaves the last slots of each window to the others', async () => {
    const ns = fresh();
    const [bulk, bot] = [process_(ns), process_(ns)];
    const job = bulk('PKSHARED', { headroom: 4 });
    for (let i = 0; i < 6; i++) await job.acquire();
    const t0 = Date.now();
    // The job is held back at 6 of 10 …
    const held = job.acquire().then(() => Date.now() - t0);
    // … while the bot's four requests go through at once.
    for (let i = 0; i < 4; i++) await bot('PKSHARED').acquire();
    expect(Date.now() - t0).toBeLessThan(200);
    expect(await held).toBeGreaterThanOrEqual(700);
  });

  it('gives up with a clear error when no slot comes free within the wait allowed', async () => {
    const ns = fresh();
    const limiters = process_(ns, 2, 10_000);
    await limiters('PKBUSY').acquire();
    await limiters('PKBUSY').acquire();
    const t0 = Date.now();
    const err = await limiters('PKBUSY', { maxWaitMs: 500 })
      .acquire()
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RequestSlotTimeoutError);
    expect((err as Error).message).toBe('no free request slot for this Alpaca key within 1 s');
    // It knew at once that the slot comes free in ~10 s: no pointless wait.
    expect(Date.now() - t0).toBeLessThan(300);
  });

  it('a 429 seen by one process holds back the other for the wait Alpaca asked', async () => {
    const ns = fresh();
    const [a, b] = [process_(ns), process_(ns)];
    await a('PKPAUSED').pause!(600);
    const t0 = Date.now();
    await b('PKPAUSED').acquire();
    expect(Date.now() - t0).toBeGreaterThanOrEqual(550);
    // A shorter pause does not cut a longer one short.
    await a('PKPAUSED').pause!(800);
    await b('PKPAUSED').pause!(100);
    const t1 = Date.now();
    await a('PKPAUSED').acquire();
    expect(Date.now() - t1).toBeGreaterThanOrEqual(700);
  });

  it('keeps a hash of the key id in Redis, never the key id itself', async () => {
    const ns = fresh();
    await process_(ns)('PKSECRETKEYID123').acquire();
    await process_(ns)('PKSECRETKEYID123').pause!(1000);
    const redis = connections[0]!;
    const keys = await redis.keys(`${ns}:*`);
    expect(keys.sort()).toEqual([
      `${alpacaBudgetKey(ns, 'PKSECRETKEYID123')}:pause`,
      `${alpacaBudgetKey(ns, 'PKSECRETKEYID123')}:window`,
    ]);
    expect(keys.join()).not.toContain('PKSECRETKEYID123');
    expect(keys[0]).toMatch(/:alpaca-budget:\{[0-9a-f]{64}\}:/);
    // The budget's keys expire with their window.
    expect(await redis.pttl(keys[1]!)).toBeGreaterThan(0);
  });
});
