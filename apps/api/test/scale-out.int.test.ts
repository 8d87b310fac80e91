import { hostname } from 'node:os';
import { ui } from '@tradebot/api-contract';
import { isoFromDay } from '@tradebot/market';
import type { Job } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoStocks as withCompanies } from '../../worker/test/backtest-helpers.js';
import {
  afterCloseOf,
  demoStocks,
  expectConsistentBooks,
  runningBotUser,
  tradingDays,
} from '../../worker/test/bot-helpers.js';
import {
  startWorkerProcess,
  waitFor,
  type WorkerProcess,
} from '../../worker/test/worker-process.js';
import { openSocket, startApiProcess, stopApiProcess, type ApiProcess } from './api-process.js';
import { startTestApi, type TestApi } from './harness.js';
import { sample } from './metrics-text.js';

/**
 * Scale-out (issue 24): two API processes and two worker processes, all compiled as production
 * runs them, on one PostgreSQL database and one Redis. Each bot ticks once per interval whichever
 * worker takes the tick; an event caused through one API reaches the user's socket on the other;
 * backtests spread over both workers; a worker killed with SIGKILL hands its backtest to the
 * other, which completes it, and nothing is written twice.
 */
const PORTS = [3493, 3494] as const;
const METRICS_PORTS = [3495, 3496] as const;
const METRICS_TOKEN = 'scale-out-metrics-token';
const BOT_USERS = 3;
const SYMBOLS = 3;
const INTERVAL_S = 2;
const RUNS = 10;
// Both workers' demo clocks stand an hour after one close: the first tick decides that bar.
const [DAY] = tradingDays('2025-09-02', 1) as [number];
const WORKER_ENV = {
  DEMO_TRADING_DAYS_PER_MINUTE: '0',
  DEMO_CLOCK_START: afterCloseOf(DAY),
  // Short searches: many backtests in a few seconds, so they spread and a kill finds one running.
  BACKTEST_EVALUATIONS: '40',
  BACKTEST_TIME_BUDGET_MS: '1200',
};

let api: TestApi;
const apis: ApiProcess[] = [];
const workers: WorkerProcess[] = [];
let botUsers: number[] = [];
const nameOf = (worker: WorkerProcess) => `${hostname()}:${worker.child.pid}`;
const fail = (error: Error): never => {
  throw new Error(
    `${error.message}\n${workers.map((w) => w.output.join('').slice(-3000)).join('\n---\n')}`,
  );
};

beforeAll(async () => {
  api = await startTestApi();
  await api.reset();
  // The processes run on the real clock: sessions are issued on it too.
  api.clock.ms = Date.now();
  const symbols = demoStocks(api.runtime, SYMBOLS);
  botUsers = [];
  for (let i = 0; i < BOT_USERS; i++)
    botUsers.push(await runningBotUser(api.runtime.db, `scalebot${i}`, symbols, INTERVAL_S));
  const started = await Promise.all([
    // The second API sits behind a proxy on this machine (TRUST_PROXY); the first trusts none.
    startApiProcess(PORTS[0], { MARKET_SOURCE: 'demo' }),
    startApiProcess(PORTS[1], { MARKET_SOURCE: 'demo', TRUST_PROXY: '127.0.0.1' }),
    ...METRICS_PORTS.map((port) =>
      startWorkerProcess({ ...WORKER_ENV, METRICS_TOKEN, WORKER_METRICS_PORT: String(port) }),
    ),
  ]);
  apis.push(...(started.slice(0, 2) as ApiProcess[]));
  workers.push(...(started.slice(2) as WorkerProcess[]));
}, 180_000);

afterAll(async () => {
  for (const worker of workers) if (worker.child.exitCode === null) worker.child.kill('SIGTERM');
  await Promise.all([...workers.map((w) => w.exited), ...apis.map(stopApiProcess)]);
  await api.close();
});

/** A completed job's fields this test reads. */
interface Done {
  id: string;
  userId: number;
  by: string;
  slot: number;
  outcome: string;
}

async function completedBotTicks(): Promise<Done[]> {
  const jobs = (await api.runtime.deps.botQueue.getJobs(['completed'], 0, -1)) as Job[];
  return jobs.map((job) => ({
    id: job.id ?? '',
    userId: (job.data as { userId: number }).userId,
    by: job.processedBy ?? '',
    // Scheduler jobs are `repeat:bot:{user}:{slot ms}`: one id per user and interval.
    slot: Number(/:(\d+)$/.exec(job.id ?? '')?.[1]),
    outcome: (job.returnvalue as { outcome: string }).outcome,
  }));
}

/** Ticks the worker on `port` has run, whatever their outcome (its tick duration histogram). */
async function ticksRun(port: number): Promise<number> {
  const reply = await fetch(`http://127.0.0.1:${port}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  const text = await reply.text();
  return ['ran', 'busy', 'stopped', 'failed', 'error']
    .map((outcome) => sample(text, 'tradebot_bot_tick_duration_seconds_count', { outcome }))
    .reduce((sum, n) => sum + (Number.isNaN(n) ? 0 : n), 0);
}

describe('two API and two worker processes on one database and Redis', () => {
  it('ticks every bot once per interval, on both workers, and decides each bar once', async () => {
    const ranPerUser = async () => {
      const ticks = await completedBotTicks();
      return botUsers.map((u) => ticks.filter((t) => t.userId === u && t.outcome === 'ran'));
    };
    await waitFor(
      async () => (await ranPerUser()).every((ticks) => ticks.length >= 4),
      40_000,
      'four ticks of every bot',
    ).catch(fail);
    // Every tick job ran once: the ticks both workers ran equal the jobs completed, counted
    // while no tick is in flight.
    const queue = api.runtime.deps.botQueue;
    const ended = async () => {
      const counts = await queue.getJobCounts('completed', 'failed', 'active');
      return counts.active! > 0 ? -1 : counts.completed! + counts.failed!;
    };
    let ran = 0;
    let completed = -1;
    await waitFor(
      async () => {
        const before = await ended();
        if (before < 0) return false;
        ran = (await Promise.all(METRICS_PORTS.map(ticksRun))).reduce((a, b) => a + b, 0);
        completed = await ended();
        return completed === before;
      },
      20_000,
      'a moment without a tick in flight',
    ).catch(fail);
    expect(ran).toBe(completed);
    const ticks = await completedBotTicks();
    const by = new Set(ticks.map((t) => t.by));
    expect(by).toEqual(new Set(workers.map(nameOf)));
    for (const userId of botUsers) {
      const mine = ticks.filter((t) => t.userId === userId).sort((a, b) => a.slot - b.slot);
      expect(mine.every((t) => t.id.startsWith(`repeat:bot:${userId}:`))).toBe(true);
      // One job per interval: slots one interval (or, after a late tick, whole intervals) apart.
      const gaps = mine.slice(1).map((t, i) => t.slot - (mine[i] as Done).slot);
      expect(gaps.every((gap) => gap >= INTERVAL_S * 1000 && gap % (INTERVAL_S * 1000) === 0)).toBe(
        true,
      );
      // The bar was decided for every symbol, once: one decision line each.
      const rows = await api.runtime.db.botSymbol.findMany({ where: { userId } });
      expect(rows.map((r) => r.lastDecidedOn)).toEqual(rows.map(() => isoFromDay(DAY)));
      expect(rows).toHaveLength(SYMBOLS);
      const decided = await api.runtime.db.botLog.count({
        where: { userId, eventKey: { startsWith: 'decide:' } },
      });
      expect(decided).toBe(SYMBOLS);
      // No order reached the simulated broker twice.
      const duplicates = await api.runtime.db.$queryRaw<object[]>`
        SELECT client_order_id FROM sim_orders WHERE user_id = ${userId}
        GROUP BY client_order_id HAVING count(*) > 1`;
      expect(duplicates).toEqual([]);
    }
    const counts = [...by].map((name) => ticks.filter((t) => t.by === name).length);
    console.info(
      `scale-out: ${ticks.length} tick jobs, ${ran} ticks run, per worker ${counts.join(' / ')}`,
    );
  });

  it("delivers an event caused through one API to the user's socket on the other", async () => {
    const [alice, bob] = botUsers as [number, number];
    const aliceToken = await api.runtime.sessions.issueFull(alice);
    const bobToken = await api.runtime.sessions.issueFull(bob);
    const aliceWs = openSocket(PORTS[0], aliceToken);
    const bobWs = openSocket(PORTS[0], bobToken);
    await Promise.all([aliceWs.opened, bobWs.opened]);
    // The socket's Redis subscription follows its opening by a moment.
    await new Promise((done) => setTimeout(done, 300));

    const saved = await fetch(`http://127.0.0.1:${PORTS[1]}/api/update-config`, {
      method: 'POST',
      headers: { authorization: `Bearer ${aliceToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ trading: { risk_percentage: 0.015 } }),
    });
    expect([saved.status, saved.status === 200 ? '' : await saved.text()]).toEqual([200, '']);
    const configs = (messages: { type: string }[]) => messages.filter((m) => m.type === 'config');
    await waitFor(() => configs(aliceWs.messages).length > 0, 10_000, "alice's config event");
    // Bob's socket on the same API still receives his own bot's updates, and no config event.
    await waitFor(
      () => bobWs.messages.some((m) => m.type === 'update'),
      10_000,
      "an update of bob's bot",
    );
    expect(configs(aliceWs.messages)).toEqual([{ type: 'config' }]);
    expect(configs(bobWs.messages)).toEqual([]);
    aliceWs.socket.close();
    bobWs.socket.close();
  });

  it("takes the client's address from X-Forwarded-For only behind a trusted proxy", async () => {
    for (const port of PORTS)
      await fetch(`http://127.0.0.1:${port}/api/log-client-error`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.7' },
        body: JSON.stringify({ errorId: `PROXY${port}`, message: 'behind a proxy' }),
      });
    const rows = await api.runtime.db.clientErrorReport.findMany({
      where: { errorId: { startsWith: 'PROXY' } },
      select: { errorId: true, ip: true },
      orderBy: { errorId: 'asc' },
    });
    expect(rows).toEqual([
      { errorId: `PROXY${PORTS[0]}`, ip: '127.0.0.1' },
      { errorId: `PROXY${PORTS[1]}`, ip: '203.0.113.7' },
    ]);
  });

  it('spreads backtests over both workers, and a killed worker’s backtest completes once on the other', async () => {
    const userId = botUsers[2] as number;
    const token = await api.runtime.sessions.issueFull(userId);
    const symbols = (await withCompanies(api.runtime, SYMBOLS + RUNS)).slice(SYMBOLS);
    const runIds: number[] = [];
    for (const [i, symbol] of symbols.entries()) {
      // Requests alternate between the two APIs.
      const reply = await fetch(`http://127.0.0.1:${PORTS[i % 2]}/api/run-backtester`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ symbol }),
      });
      expect([reply.status, reply.status === 200 ? '' : await reply.text()]).toEqual([200, '']);
      runIds.push(((await reply.json()) as { run_id: number }).run_id);
    }
    const queue = api.runtime.deps.backtestQueue;
    const [victim, survivor] = workers as [WorkerProcess, WorkerProcess];
    // Both workers complete backtests; then the first is killed while it runs one.
    let killed: Job | undefined;
    await waitFor(
      async () => {
        const done = (await queue.getJobs(['completed'], 0, -1)) as Job[];
        if (new Set(done.map((j) => j.processedBy)).size < 2) return false;
        const active = (await queue.getJobs(['active'], 0, -1)) as Job[];
        // Just started, so the kill lands inside it (a search takes about a second).
        killed = active.find(
          (j) => j.processedBy === nameOf(victim) && Date.now() - (j.processedOn ?? 0) < 300,
        );
        return killed !== undefined;
      },
      40_000,
      'a backtest running on the first worker after both completed some',
    ).catch(fail);
    victim.child.kill('SIGKILL');
    expect(await victim.exited).toBe('SIGKILL');
    // The job it held (one at a time: BACKTEST_CONCURRENCY 1), unless it ended just before.
    const orphans = ((await queue.getJobs(['active'], 0, -1)) as Job[]).filter(
      (j) => j.processedBy === nameOf(victim),
    );
    expect(orphans.map((j) => j.id)).toEqual([killed!.id]);
    const spread = ((await queue.getJobs(['completed'], 0, -1)) as Job[]).map((j) => j.processedBy);
    expect(new Set(spread)).toEqual(new Set(workers.map(nameOf)));

    const db = api.runtime.db;
    await waitFor(
      async () =>
        (await db.backtestRun.count({ where: { id: { in: runIds }, status: 'completed' } })) ===
        RUNS,
      60_000,
      'every backtest to complete',
    ).catch(fail);
    // The run's row is written before BullMQ marks its job completed: wait for the queue too.
    await waitFor(
      async () => (await (await queue.getJob(killed!.id ?? ''))?.isCompleted()) ?? false,
      10_000,
      "the killed worker's backtest to complete in the queue",
    ).catch(fail);
    const again = await queue.getJob(killed!.id ?? '');
    expect(again?.processedBy).toBe(nameOf(survivor));
    expect(survivor.output.join('')).toContain('stalled');
    // Each run's result, parameters and notification written once.
    expect(await db.backtestResult.count({ where: { userId } })).toBe(RUNS);
    expect(await db.optimizedParameter.count({ where: { userId } })).toBe(RUNS);
    const notes = await db.notification.findMany({
      where: { userId, message: { startsWith: 'Backtest completed' } },
      select: { message: true },
    });
    expect(notes.map((n) => n.message).sort()).toEqual(symbols.map(ui.backtestCompleted).sort());
    // The bots ticked on through the kill on the remaining worker, their books straight.
    for (const bot of botUsers) await expectConsistentBooks(db, bot);
    console.info(
      `scale-out: backtests per worker before the kill ${workers
        .map((w) => spread.filter((by) => by === nameOf(w)).length)
        .join(' / ')}`,
    );
  });
});
