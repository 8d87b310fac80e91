import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ui, ZBacktestResult, type TBacktesterOutput } from '@tradebot/api-contract';
import { importMarketData } from '@tradebot/core';
import { FUNDAMENTALS_FILE, PRICES_DIR } from '@tradebot/market';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndLogIn, startTestApi, type TestApi } from './harness.js';

/**
 * The settings flow through the REST paths on the imported real data (../shared/data): a user
 * of the Alpaca market lists two real symbols (Alpaca listings here holding the CSV snapshot's
 * history, adjusted as Alpaca's bars are), runs the backtester on each
 * (the jobs processed by the service function the worker calls), reads Optimized Parameters and
 * a result, moves one to the Final Trading List and undoes it.
 */
const dataDir = fileURLToPath(new URL('../../../../shared/data', import.meta.url));
const SYMBOLS = ['JPM', 'MSFT'];
const realData = SYMBOLS.every((s) => existsSync(join(dataDir, PRICES_DIR, `${s}.csv`)));
if (!realData) console.warn(`Skipping the real-data settings flow: ${dataDir} is not here.`);

let api: TestApi;
let user: { token: string; userId: number };
const scratch = mkdtempSync(join(tmpdir(), 'tradebot-flow-'));

beforeAll(async () => {
  api = await startTestApi();
  await api.reset();
  if (!realData) return;
  mkdirSync(join(scratch, PRICES_DIR), { recursive: true });
  mkdirSync(join(scratch, 'fundamentals'));
  cpSync(join(dataDir, FUNDAMENTALS_FILE), join(scratch, FUNDAMENTALS_FILE));
  for (const symbol of SYMBOLS)
    cpSync(join(dataDir, PRICES_DIR, `${symbol}.csv`), join(scratch, PRICES_DIR, `${symbol}.csv`));
  await importMarketData(api.runtime.db, scratch);
  // The Alpaca universe of this test: the snapshot's listings and bars, already adjusted
  // (adjusted_close = close), as the Alpaca universe load stores them.
  await api.runtime.db.pool.query(`
    INSERT INTO companies (source, symbol, company_name, exchange)
    SELECT 'alpaca', symbol, company_name, exchange FROM companies WHERE source = 'csv'`);
  await api.runtime.db.pool.query(`
    INSERT INTO daily_bars (company_id, date, open, high, low, close, adjusted_close, volume)
    SELECT a.id, b.date, b.open * f, b.high * f, b.low * f, b.adjusted_close, b.adjusted_close,
           b.volume
    FROM daily_bars b JOIN companies c ON c.id = b.company_id AND c.source = 'csv'
    JOIN companies a ON a.source = 'alpaca' AND a.symbol = c.symbol
    CROSS JOIN LATERAL (SELECT CASE WHEN b.close > 0 THEN b.adjusted_close / b.close ELSE 1 END AS f) k`);
  user = await signUpAndLogIn(api, 'realflow', '10.0.9.1');
});
afterAll(async () => {
  rmSync(scratch, { recursive: true, force: true });
  await api.close();
});

describe.skipIf(!realData)('the settings flow on the imported real data', () => {
  it('backtests two real symbols and moves one to the Final Trading List and back', async () => {
    const { http } = api;
    const saved = await http.post(
      '/api/select-stocks-for-backtest',
      { symbols: SYMBOLS },
      user.token,
    );
    expect(saved.body.message).toBe(ui.savedForBacktesting(2));

    const runs: number[] = [];
    for (const symbol of SYMBOLS) {
      const queued = await http.post('/api/run-backtester', { symbol }, user.token);
      expect(queued.status).toBe(200);
      expect(queued.body.queued).toBe(true);
      runs.push(queued.body.run_id as number);
    }
    const before = await http.get('/api/backtest/progress', user.token);
    expect(before.body).toMatchObject({ total: 2, completed: 0 });
    for (const runId of runs)
      await api.runtime.services.backtests.process(runId, {
        budget: { evaluations: 30, timeMs: 10_000 },
      });
    const after = await http.get('/api/backtest/progress', user.token);
    expect(after.body).toMatchObject({ total: 2, completed: 2, failed: 0 });

    const notifications = await http.get('/api/notifications', user.token);
    const messages = (notifications.body as { message: string }[]).map((n) => n.message);
    for (const symbol of SYMBOLS) expect(messages).toContain(ui.backtestCompleted(symbol));
    expect((await http.get('/api/backtest/stocks', user.token)).body).toEqual({ symbols: [] });

    const output = (await http.get('/api/get-backtester-output', user.token))
      .body as TBacktesterOutput;
    expect(Object.keys(output.best_parameters).sort()).toEqual(SYMBOLS);
    const result = ZBacktestResult.parse(
      (await http.get('/api/backtest/result/msft', user.token)).body,
    );
    expect(result.universe).toBe('alpaca');
    // The shared data ends in 2021: the tested year is its last one.
    expect(result.dates.at(-1)?.startsWith('2021')).toBe(true);
    expect(output.best_parameters.MSFT?.profit).toBeCloseTo(result.out_of_sample.profit, 6);
    expect(output.best_parameters.MSFT?.no_robust_edge).toBe(result.verdict.no_robust_edge);
    expect(output.best_parameters.MSFT?.rsi_period).toBe(result.parameters.rsi_period);

    const moved = await http.post('/api/select-for-trading', { symbols: ['MSFT'] }, user.token);
    expect(moved.body).toEqual({ message: ui.movedToFinalList(1), moved: ['MSFT'] });
    const final = await http.get('/api/get-final-trading-config', user.token);
    expect((final.body as { symbol: string }[]).map((e) => e.symbol)).toEqual(['MSFT']);
    // A stock on the Final Trading List is not backtested again until it leaves it.
    expect((await http.post('/api/run-backtester', { symbol: 'MSFT' }, user.token)).status).toBe(
      400,
    );

    const undone = await http.post('/api/final-trading-list/undo', undefined, user.token);
    expect(undone.body).toEqual({ message: ui.undoSuccessful(1), moved: ['MSFT'] });
    const restored = (await http.get('/api/get-backtester-output', user.token))
      .body as TBacktesterOutput;
    expect(restored.best_parameters.MSFT?.profit).toBeCloseTo(result.out_of_sample.profit, 6);
  });
});
