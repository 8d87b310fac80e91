import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createDb, inTransaction, upsertCompanies } from '@tradebot/db';
import { resetDatabase } from '@tradebot/db/testing';
import { createRedis, openQueue, providerRefreshQueue } from '@tradebot/jobs';
import { QueueEvents } from 'bullmq';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  PROVIDER_REFRESH_SCHEDULER,
  startProviderRefresh,
} from '../src/provider-refresh.processor.js';
import { capturedLog } from './captured-log.js';
import { TEST_NAMESPACE } from './worker-process.js';

/** The worker's FMP block: scheduled only with a key, and a run that updates the real universe. */
const db = createDb(process.env.DATABASE_URL ?? '');
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379/15';
const connection = createRedis(redisUrl, { forWorker: true });
const queue = openQueue(providerRefreshQueue, connection, TEST_NAMESPACE);
const runtime = { db, queueNamespace: TEST_NAMESPACE };
const KEY = 'worker-test-fmp-key';
let fmp: Server;
let FMP_BASE_URL: string;

beforeAll(async () => {
  // FMP's stable API for one symbol: AAPL's profile; every other answer is [] (no figures).
  fmp = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const ok = url.searchParams.get('apikey') === KEY;
    const profile = url.pathname.endsWith('/profile') && url.searchParams.get('symbol') === 'AAPL';
    res.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify(
        !ok
          ? { 'Error Message': 'Invalid API KEY.' }
          : profile
            ? [
                {
                  symbol: 'AAPL',
                  companyName: 'Apple Inc.',
                  price: 200,
                  marketCap: 3e12,
                  beta: 1.2,
                  averageVolume: 5e7,
                  range: '150-250',
                  currency: 'USD',
                },
              ]
            : [],
      ),
    );
  });
  await new Promise<void>((done) => fmp.listen(0, '127.0.0.1', done));
  FMP_BASE_URL = `http://127.0.0.1:${(fmp.address() as AddressInfo).port}/stable`;
});
beforeEach(async () => {
  await resetDatabase(db);
  await connection.flushdb();
});
afterAll(async () => {
  await new Promise((done) => fmp.close(done));
  await queue.close();
  connection.disconnect();
  await db.$disconnect();
});

describe('provider refresh in the worker', () => {
  it('without FMP_API_KEY: nothing scheduled (an old schedule removed), one log line', async () => {
    await queue.upsertJobScheduler(PROVIDER_REFRESH_SCHEDULER, { pattern: '0 1 * * *' });
    const { log, lines } = capturedLog();
    const worker = await startProviderRefresh({}, runtime, connection, log);
    expect(worker).toBeNull();
    expect(lines).toEqual([
      expect.objectContaining({
        level: 30,
        queue: 'provider-refresh',
        msg: 'FMP_API_KEY is not set: fundamentals come from the CSV import only',
      }),
    ]);
    expect(await queue.getJobSchedulers()).toEqual([]);
  });

  it('with a key: one daily schedule however often the worker starts, and a run updates the rows', async () => {
    await inTransaction(db, (client) =>
      upsertCompanies(client, 'csv', [
        { symbol: 'AAPL', company_name: 'Apple', security_type: 'stock', price: 150 },
        { symbol: 'ZZZZ', company_name: 'Unknown', security_type: 'stock' },
      ]),
    );
    const env = { FMP_API_KEY: KEY, FMP_BASE_URL };
    const { log, lines } = capturedLog();
    const first = await startProviderRefresh(env, runtime, connection, log);
    await first?.close();
    const worker = await startProviderRefresh(env, runtime, connection, log);
    expect(worker).not.toBeNull();
    const schedulers = await queue.getJobSchedulers();
    expect(schedulers).toHaveLength(1);
    expect(schedulers[0]).toMatchObject({
      key: PROVIDER_REFRESH_SCHEDULER,
      pattern: '0 19 * * *',
      tz: 'America/New_York',
    });

    const events = new QueueEvents(providerRefreshQueue.name, {
      connection: createRedis(redisUrl, { forWorker: true }),
      prefix: `${TEST_NAMESPACE}:bull`,
    });
    await events.waitUntilReady();
    try {
      const job = await queue.add(providerRefreshQueue.name, {});
      const result = await job.waitUntilFinished(events, 20_000);
      expect(result).toEqual({
        symbols: 2,
        updated: 1,
        unchanged: 0,
        failedCount: 1,
        failed: [{ symbol: 'ZZZZ', reason: 'unknown to the fundamentals provider' }],
      });
      const { rows } = await db.pool.query(
        `SELECT "company_name", "price", "beta" FROM "companies" WHERE "symbol" = 'AAPL'`,
      );
      expect(rows).toEqual([{ company_name: 'Apple Inc.', price: 200, beta: 1.2 }]);
      expect(lines).toEqual([
        expect.objectContaining({
          queue: 'provider-refresh',
          symbols: 2,
          updated: 1,
          unchanged: 0,
          failed: 1,
          msg: 'fundamentals refreshed from FMP',
        }),
      ]);
    } finally {
      await events.close();
      await worker?.close();
    }
  });
});
