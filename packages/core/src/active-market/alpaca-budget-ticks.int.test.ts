import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { saveAccountSettings } from '@tradebot/db';
import { resetDatabase } from '@tradebot/db/testing';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { botMarketFor } from '../bot/market.js';
import { coreEnvShape, parseEnv } from '../env.js';
import { createCoreRuntime, type CoreRuntime } from '../runtime.js';
import { aad } from '../security/cipher.js';
import { alpacaLimiters } from './alpaca-limiter.js';
import { testUser } from '../../test/test-user.js';

/**
 * What the tester saw: a new Alpaca adapter per bot tick, each with a limiter of its own, so one
 * bot outran Alpaca's per-account limit. Here two "processes" tick one user's bot as fast as
 * they can through botMarketFor (a fresh market per tick, as the engine does) against a local
 * Alpaca-compatible server that records when each request arrived. With the key's shared budget
 * (10 per 2 s here) the busiest second holds at most 10; without it (main's behaviour) the same
 * ticks blow through it.
 */
const WINDOW_MS = 2000;
const arrivals: number[] = [];
let alpaca: Server;
let runtime: CoreRuntime;
let userId: number;
const connections: Redis[] = [];

const json = (body: unknown) => JSON.stringify(body);
const CLOCK = {
  timestamp: '2024-03-05T10:00:00-05:00',
  is_open: true,
  next_open: '2024-03-06T09:30:00-05:00',
  next_close: '2024-03-05T16:00:00-05:00',
};

beforeAll(async () => {
  alpaca = createServer((req, res) => {
    arrivals.push(Date.now());
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    res.setHeader('content-type', 'application/json');
    if (path === '/v2/clock') return res.end(json(CLOCK));
    if (path === '/v2/stocks/AAPL/trades/latest') {
      const trade = { t: '2024-03-05T15:00:00Z', p: 170.5, s: 100 };
      return res.end(json({ symbol: 'AAPL', trade }));
    }
    if (path === '/v2/positions') return res.end('[]');
    res.statusCode = 404;
    res.end(json({ code: 40410000, message: 'not found' }));
  });
  await new Promise<void>((done) => alpaca.listen(0, '127.0.0.1', done));
  const url = `http://127.0.0.1:${(alpaca.address() as AddressInfo).port}`;
  const env = parseEnv(
    coreEnvShape,
    {
      DATABASE_URL: process.env.DATABASE_URL,
      REDIS_URL: process.env.REDIS_URL,
      ALPACA_TRADING_URL: url,
      ALPACA_DATA_URL: url,
    },
    'test',
  );
  runtime = await createCoreRuntime({ ...env, ENCRYPTION_KEY: 'b'.repeat(64) });
  await resetDatabase(runtime.db);
  userId = await testUser(runtime.db, 'ticker');
  const { cipher } = runtime.deps;
  await saveAccountSettings(runtime.db, userId, {
    environment: 'paper',
    upserts: [
      {
        environment: 'paper',
        keyEnc: cipher.encrypt('PKTICKKEY', aad.brokerKey(userId, 'paper')),
        secretEnc: cipher.encrypt('tick-secret', aad.brokerSecret(userId, 'paper')),
        keyMask: 'PK…KEY',
        secretMask: 'ti…et',
      },
    ],
    deletes: [],
    markOnboarded: true,
  });
});
afterAll(async () => {
  connections.forEach((r) => r.disconnect());
  await runtime?.close();
  await new Promise<void>((done) => alpaca.close(() => done()));
});

/** A process's deps: its own Redis connection, one budget of 10 per 2 s per key. */
function processDeps(namespace: string | null) {
  const market = { ...runtime.deps.market };
  if (namespace === null) delete market.alpacaLimiter;
  else {
    const redis = new Redis(process.env.REDIS_URL ?? '');
    connections.push(redis);
    market.alpacaLimiter = alpacaLimiters(redis, namespace, { limit: 10, windowMs: WINDOW_MS });
  }
  return { ...runtime.deps, market };
}

/** One tick's Alpaca traffic: the market (clock), a last trade, the positions. */
async function tick(deps: ReturnType<typeof processDeps>) {
  const m = await botMarketFor(deps, userId, 'alpaca', 'paper');
  await m.data.getLatestTrade('AAPL');
  await m.broker.getPositions();
}

function busiest(times: number[], windowMs: number): number {
  const t = [...times].sort((a, b) => a - b);
  let most = 0;
  for (let i = 0, j = 0; j < t.length; j++) {
    while (t[j]! - t[i]! >= windowMs) i++;
    most = Math.max(most, j - i + 1);
  }
  return most;
}

describe('a new Alpaca adapter per tick, one key', () => {
  it('stays within the key budget across ticks and processes', async () => {
    const namespace = `tb-test-${Math.random().toString(36).slice(2, 10)}`;
    const processes = [processDeps(namespace), processDeps(namespace)];
    // Warm up (connections, code paths) on another budget, so the first measured requests do
    // not arrive late after a cold start and crowd the next window.
    await Promise.all([
      tick(processDeps(`${namespace}-warm`)),
      tick(processDeps(`${namespace}-warm`)),
    ]);
    arrivals.length = 0;
    const end = Date.now() + 2 * WINDOW_MS + 500;
    let ticks = 0;
    await Promise.all(
      processes.map(async (deps) => {
        while (Date.now() < end) {
          await tick(deps);
          ticks++;
        }
      }),
    );
    // Arrivals lag admissions by the request's way through a loaded machine (tens of ms, at
    // times more): counted over windows 10% short of the budget's.
    expect(busiest(arrivals, WINDOW_MS * 0.9)).toBeLessThanOrEqual(10);
    // The budget is used, not starved: 10 at once, 10 more after each window.
    expect(arrivals.length).toBeGreaterThanOrEqual(20);
    expect(ticks).toBeGreaterThanOrEqual(6);
  });

  it('without the shared budget (each adapter limits itself) the same ticks exceed it', async () => {
    arrivals.length = 0;
    const processes = [processDeps(null), processDeps(null)];
    await Promise.all(
      processes.map(async (deps) => {
        for (let i = 0; i < 8; i++) await tick(deps);
      }),
    );
    expect(arrivals).toHaveLength(48);
    expect(busiest(arrivals, WINDOW_MS)).toBeGreaterThan(10);
  });
});
