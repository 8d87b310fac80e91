import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_BACKTEST_SETTINGS, ui, ZBacktestResult } from '@tradebot/api-contract';
import { createBacktestRun } from '@tradebot/db';
import { resetDatabase } from '@tradebot/db/testing';
import { FUNDAMENTALS_FILE, PRICES_DIR } from '@tradebot/market';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coreEnvShape, parseEnv } from '../env.js';
import { importMarketData } from '../market-universe/market-data-import.js';
import { createCoreRuntime } from '../runtime.js';
import { backtestJobsService } from './backtest-jobs.service.js';

/**
 * The backtest job on the csv universe: one real symbol of ../shared/data imported into
 * daily_bars, backtested by the service function the worker calls.
 */
const dataDir = fileURLToPath(new URL('../../../../../shared/data', import.meta.url));
const SYMBOL = 'MSFT';
const realData = existsSync(join(dataDir, PRICES_DIR, `${SYMBOL}.csv`));
if (!realData) console.warn(`Skipping the csv backtest test: ${dataDir} is not here.`);

const runtime = await createCoreRuntime({
  ...parseEnv(
    coreEnvShape,
    { DATABASE_URL: process.env.DATABASE_URL, REDIS_URL: process.env.REDIS_URL },
    'test',
  ),
  ENCRYPTION_KEY: 'a'.repeat(64),
});
const scratch = mkdtempSync(join(tmpdir(), 'tradebot-backtest-'));
beforeAll(async () => resetDatabase(runtime.db));
afterAll(async () => {
  rmSync(scratch, { recursive: true, force: true });
  await runtime.close();
});

describe.skipIf(!realData)('a backtest on the csv universe', () => {
  it('reads the imported bars and completes with a result over the last 12 months', async () => {
    mkdirSync(join(scratch, PRICES_DIR), { recursive: true });
    mkdirSync(join(scratch, 'fundamentals'));
    cpSync(join(dataDir, FUNDAMENTALS_FILE), join(scratch, FUNDAMENTALS_FILE));
    cpSync(join(dataDir, PRICES_DIR, `${SYMBOL}.csv`), join(scratch, PRICES_DIR, `${SYMBOL}.csv`));
    await importMarketData(runtime.db, scratch);
    const user = await runtime.db.user.create({
      data: {
        username: 'csvbt',
        email: 'csvbt@example.com',
        passwordHash: 'x',
        country: 'US',
        tosAcceptedAt: new Date(),
      },
    });
    const { run } = await createBacktestRun(runtime.db, {
      userId: user.id,
      symbol: SYMBOL,
      universe: 'csv',
      settings: DEFAULT_BACKTEST_SETTINGS,
    });
    const service = backtestJobsService(runtime.deps, { universeFor: () => 'csv' });
    const outcome = await service.process(run.id, { budget: { evaluations: 30, timeMs: 5_000 } });
    expect(outcome).toMatchObject({ symbol: SYMBOL, status: 'completed' });

    const stored = await runtime.db.backtestResult.findFirstOrThrow({ where: { userId: user.id } });
    const result = ZBacktestResult.parse(stored.result);
    expect(result.universe).toBe('csv');
    expect(result.months).toBe(12);
    // The shared data ends in 2021: the tested year is its last one.
    expect(result.dates.at(-1)?.startsWith('2021')).toBe(true);
    expect(result.dates.length).toBeGreaterThan(240);
    expect(result.out_of_sample.folds).toBe(4);
    const optimized = await runtime.db.optimizedParameter.findFirstOrThrow({
      where: { userId: user.id },
    });
    expect(optimized.profit).toBeCloseTo(result.out_of_sample.profit, 1);
    const notification = await runtime.db.notification.findFirstOrThrow({
      where: { userId: user.id },
    });
    expect(notification.message).toBe(ui.backtestCompleted(SYMBOL));
    // A second delivery of the same job does nothing.
    expect(
      await service.process(run.id, { budget: { evaluations: 30, timeMs: 5_000 } }),
    ).toMatchObject({ status: 'completed', profit: null });
    expect(await runtime.db.notification.count({ where: { userId: user.id } })).toBe(1);
  });
});
