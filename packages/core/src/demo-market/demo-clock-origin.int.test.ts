import { createDb } from '@tradebot/db';
import { resetDatabase } from '@tradebot/db/testing';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { coreEnvShape, parseEnv, type CoreEnv } from '../env.js';
import { createCoreRuntime, type CoreRuntime } from '../runtime.js';
import { DEMO_CLOCK_SYNC_MS } from './demo-clock-sync.js';

const db = createDb(process.env.DATABASE_URL ?? '');
const START = '2026-01-05T14:00:00Z';
const env = (daysPerMinute: string): CoreEnv => ({
  ...parseEnv(
    coreEnvShape,
    {
      DATABASE_URL: process.env.DATABASE_URL,
      REDIS_URL: process.env.REDIS_URL,
      DEMO_TRADING_DAYS_PER_MINUTE: daysPerMinute,
      DEMO_CLOCK_START: START,
    },
    'test',
  ),
  ENCRYPTION_KEY: 'a'.repeat(64),
});
const HOUR = 3_600_000;
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const opened: CoreRuntime[] = [];
async function start(daysPerMinute: string) {
  const runtime = await createCoreRuntime(env(daysPerMinute));
  opened.push(runtime);
  await runtime.ready();
  return runtime;
}

beforeEach(async () => resetDatabase(db));
afterAll(async () => {
  await Promise.all(opened.map((runtime) => runtime.close()));
  await db.$disconnect();
});

describe('one demo clock per deployment', () => {
  it('two runtimes started apart, and a restart, show the same market time', async () => {
    // 100 trading days a wall minute: 300 ms of wall time is about 17 market hours.
    const first = await start('100');
    const speed = first.demo.clock.speed;
    await sleep(300);
    const second = await start('100');
    const a = first.demo.clock.now();
    const b = second.demo.clock.now();
    // Without the shared origin the second would be 300 ms × speed behind.
    expect(Math.abs(b - a)).toBeLessThan(20 * speed);
    expect(a - Date.parse(START)).toBeGreaterThan(290 * speed);

    await first.close();
    await sleep(200);
    const restarted = await start('100');
    expect(Math.abs(restarted.demo.clock.now() - second.demo.clock.now())).toBeLessThan(20 * speed);
    expect(await db.demoClockOrigin.count()).toBe(1);
  });

  it('a paused clock stays at DEMO_CLOCK_START and moves only when advanced', async () => {
    const paused = await start('0');
    await sleep(50);
    expect(paused.demo.clock.now()).toBe(Date.parse(START));
    paused.demo.clock.advanceSessions(2);
    expect(paused.demo.clock.now()).toBe(Date.parse('2026-01-06T21:00:00Z'));
  });

  it("an admin's skip ahead in one process reaches the others within a sync interval", async () => {
    // 1 trading day a wall minute: the clocks barely move on their own during the test.
    const api = await start('1');
    const worker = await start('1');
    const before = worker.demo.clock.now();
    const answer = await api.services.demoClock.advance(30);
    expect(answer.message).toMatch(/^Demo market skipped ahead 30 market hours/);
    const skipped = api.demo.clock.now() - before;
    expect(skipped).toBeGreaterThanOrEqual(30 * HOUR);
    expect(skipped).toBeLessThan(31 * HOUR);
    await sleep(DEMO_CLOCK_SYNC_MS + 800);
    expect(Math.abs(worker.demo.clock.now() - api.demo.clock.now())).toBeLessThan(HOUR / 4);
    // A restart joins the moved time line too.
    const restarted = await start('1');
    expect(restarted.demo.clock.now() - before).toBeGreaterThanOrEqual(30 * HOUR);
  });

  it('a paused clock cannot be skipped from the API (tests move it directly)', async () => {
    const paused = await start('0');
    await expect(paused.services.demoClock.advance(5)).rejects.toThrow(/paused/);
    expect(paused.demo.clock.now()).toBe(Date.parse(START));
  });
});
