import { createServer } from 'node:net';
import { botQueue, enqueue, runWithTrace } from '@tradebot/jobs';
import { describe, expect, it } from 'vitest';
import { sample } from '../../api/test/metrics-text.js';
import {
  afterCloseOf,
  botTestHooks,
  botTestRuntime,
  demoStocks,
  failWith,
  runningBotUser,
  tradingDays,
} from './bot-helpers.js';
import { startWorkerProcess, waitFor, type WorkerProcess } from './worker-process.js';

/**
 * The worker process's own GET /metrics (bot ticks and orders happen there) behind
 * METRICS_TOKEN, and its JSON log line for a job a request queued, with that request's ids. The
 * bot trades 12 demo stocks from the close of 24 June 2025, a bar with entries for them.
 */
const runtime = await botTestRuntime();
const db = runtime.db;
const TOKEN = 'worker-scrape-token-0123';
let worker: WorkerProcess | undefined;

botTestHooks(runtime, () => worker, 'SIGTERM');
const fail = failWith(db, () => worker);

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise((done) => server.close(done));
  return port;
}

describe("the worker's metrics and job log", () => {
  it('serves tick and order series to the token holder, and logs a traced job with its ids', async () => {
    const userId = await runningBotUser(db, 'metricsbot', demoStocks(runtime, 12), 1);
    const port = await freePort();
    worker = await startWorkerProcess({
      DEMO_TRADING_DAYS_PER_MINUTE: '0',
      DEMO_CLOCK_START: afterCloseOf(tradingDays('2025-06-24', 1)[0] as number),
      METRICS_TOKEN: TOKEN,
      WORKER_METRICS_PORT: String(port),
    });
    const url = `http://127.0.0.1:${port}/metrics`;
    const scrape = async () => {
      const reply = await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(reply.status).toBe(200);
      return reply.text();
    };
    expect((await fetch(url)).status).toBe(401);
    expect((await fetch(url, { headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
    expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);

    // The first tick decides the bar and places its entries; later ones place none.
    const ran = { outcome: 'ran' };
    const ticks = 'tradebot_bot_tick_duration_seconds_count';
    await waitFor(
      async () => sample(await scrape(), ticks, ran) >= 1,
      30_000,
      'a tick to be counted',
    ).catch(fail);
    const text = await scrape();
    const entries = await db.botOrder.count({ where: { userId, purpose: 'entry' } });
    expect(entries).toBeGreaterThan(0);
    const placed = { purpose: 'entry', outcome: 'placed' };
    expect(sample(text, 'tradebot_orders_total', placed)).toBe(entries);
    expect(sample(text, 'tradebot_bot_tick_duration_seconds_sum', ran)).toBeGreaterThan(0);
    expect(sample(text, 'process_cpu_user_seconds_total', {})).toBeGreaterThan(0);

    // A job queued inside a request's trace is logged with the request's ids when it is done.
    const trace = { requestId: 'req-worker-metrics-1', userId };
    await runWithTrace(trace, () =>
      enqueue(runtime.deps.botQueue, botQueue, { userId }, { jobId: 'traced-tick' }),
    );
    const logged = () =>
      worker!.output
        .join('')
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .find((line) => line.reqId === trace.requestId);
    await waitFor(() => logged() !== undefined, 30_000, 'the traced job to be logged').catch(fail);
    expect(logged()).toMatchObject({
      msg: 'job done',
      queue: 'bot',
      jobId: 'traced-tick',
      userId,
      process: 'worker',
    });
  });
});
