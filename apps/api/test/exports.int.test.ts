import {
  DEFAULT_BACKTEST_SETTINGS,
  DEFAULT_STOCK_PARAMETERS,
  server,
  type TBacktestResult,
} from '@tradebot/api-contract';
import { portfolioJobId, portfolioQueue } from '@tradebot/jobs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndLogIn, startTestApi, type TestApi } from './harness.js';

/**
 * The CSV exports: GET /api/backtest/result/{symbol}/trades.csv, GET /api/bot/trades.csv and
 * GET /api/portfolio/backtest/{id}/trades.csv answer the session's own trades as RFC 4180 files, with the JSON routes' auth and errors.
 */
let api: TestApi;
let alice: { token: string; userId: number };
let bob: { token: string; userId: number };

const figures = { profit: 0, return_pct: 0, sharpe: 0, max_drawdown: 0, trades: 2, win_rate: 50 };

function backtestResult(symbol: string, trades: TBacktestResult['trades']): TBacktestResult {
  return {
    symbol,
    completed_at: '2026-01-08T21:00:00.000Z',
    universe: 'demo',
    settings: DEFAULT_BACKTEST_SETTINGS,
    parameters: DEFAULT_STOCK_PARAMETERS,
    default_parameters: DEFAULT_STOCK_PARAMETERS,
    verdict: { no_robust_edge: false, reasons: [], summary: 'Fine.', deflated_sharpe: null },
    out_of_sample: { profit: 0, sharpe: 0, trades: 0, folds: 1, from: null, to: null },
    in_sample: { profit: 0, trades: 2, min_trades: 1 },
    trials: 1,
    months: 1,
    dates: ['2026-01-05'],
    equity: { chosen: [1], defaults: [1], buy_and_hold: [1], walk_forward: [null] },
    figures: { chosen: figures, defaults: figures, buy_and_hold: figures },
    bars: { open: [1], high: [1], low: [1], close: [1] },
    trades,
  };
}

async function storeResult(userId: number, result: TBacktestResult) {
  const { db } = api.runtime;
  const run = await db.backtestRun.create({
    data: { userId, symbol: result.symbol, batchId: 1, universe: 'demo', settings: {} },
  });
  await db.backtestResult.create({
    data: { userId, symbol: result.symbol, runId: run.id, result },
  });
}

beforeAll(async () => {
  api = await startTestApi();
  await api.reset();
  alice = await signUpAndLogIn(api, 'alicecsv', '10.0.12.1');
  bob = await signUpAndLogIn(api, 'bobcsv', '10.0.12.2');
  for (const user of [alice, bob])
    await api.http.post('/api/use-demo-market', undefined, user.token);
  await storeResult(
    alice.userId,
    backtestResult('CSVA', [
      {
        side: 'long',
        entry_date: '2026-01-05',
        exit_date: '2026-01-07',
        entry_price: 101.25,
        exit_price: 99.5,
        quantity: 12,
        net_pnl: -21.0000001,
        reason: 'stop_loss',
      },
      {
        side: 'short',
        entry_date: '2026-01-08',
        exit_date: '2026-01-09',
        entry_price: 1234567.5,
        exit_price: 1234000,
        quantity: 0.5,
        net_pnl: 283.75,
        reason: 'signal',
      },
    ]),
  );
  await storeResult(alice.userId, backtestResult('CSVE', []));
  const at = (iso: string) => new Date(iso);
  await api.runtime.db.botTrade.createMany({
    data: [
      {
        userId: alice.userId,
        symbol: 'CSVA',
        side: 'long',
        qty: 3,
        entryPrice: 100,
        exitPrice: 90.5,
        entryAt: at('2026-01-06T14:30:00Z'),
        exitAt: at('2026-01-07T15:00:00Z'),
        pnl: -28.5,
        reason: '=cmd|calc',
        exitFillId: 'csv-exit-1',
      },
      {
        userId: alice.userId,
        symbol: 'CSVB',
        side: 'short',
        qty: 2,
        entryPrice: 50,
        exitPrice: 45,
        entryAt: at('2026-01-08T14:30:00Z'),
        exitAt: at('2026-01-09T20:59:00Z'),
        pnl: 10,
        reason: 'flatten, "all"',
        exitFillId: 'csv-exit-2',
      },
    ],
  });
});
afterAll(async () => api.close());

const get = (url: string, token?: string) =>
  api.app.inject({
    method: 'GET',
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

describe('GET /api/backtest/result/{symbol}/trades.csv', () => {
  it("answers the latest backtest's trades as a CSV download", async () => {
    const reply = await get('/api/backtest/result/csva/trades.csv', alice.token);
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(reply.headers['content-disposition']).toBe(
      'attachment; filename="backtest-trades-CSVA.csv"',
    );
    expect(reply.body).toBe(
      'entry_date,exit_date,side,entry_price,exit_price,quantity,net_pnl,exit_reason\r\n' +
        '2026-01-05,2026-01-07,long,101.25,99.5,12,-21.0000001,stop_loss\r\n' +
        '2026-01-08,2026-01-09,short,1234567.5,1234000,0.5,283.75,signal\r\n',
    );
  });

  it('is the header row alone for a backtest without trades', async () => {
    const reply = await get('/api/backtest/result/CSVE/trades.csv', alice.token);
    expect(reply.statusCode).toBe(200);
    expect(reply.body).toBe(
      'entry_date,exit_date,side,entry_price,exit_price,quantity,net_pnl,exit_reason\r\n',
    );
  });

  it("answers another user's symbol, a bad symbol and no token as the JSON route does", async () => {
    for (const path of ['/api/backtest/result/CSVA', '/api/backtest/result/CSVA/trades.csv']) {
      const foreign = await get(path, bob.token);
      expect(foreign.statusCode, path).toBe(404);
      expect(foreign.json(), path).toEqual({ detail: server.noBacktestResult('CSVA') });
      const bad = await get(path.replace('CSVA', 'no%20way!'), alice.token);
      expect(bad.statusCode, path).toBe(400);
      expect(bad.json(), path).toEqual({ detail: server.symbolRequired });
      const anonymous = await get(path);
      expect(anonymous.statusCode, path).toBe(401);
      expect(anonymous.headers['www-authenticate'], path).toBe('Bearer');
    }
  });
});

describe('GET /api/bot/trades.csv', () => {
  it("answers every closed trade of the user's bot, newest first, quoted, formulas defused", async () => {
    const reply = await get('/api/bot/trades.csv', alice.token);
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(reply.headers['content-disposition']).toBe('attachment; filename="bot-trades.csv"');
    expect(reply.body).toBe(
      'entry_at,exit_at,symbol,side,qty,entry_price,exit_price,pnl,exit_reason\r\n' +
        '2026-01-08T14:30:00.000Z,2026-01-09T20:59:00.000Z,CSVB,short,2,50,45,10,"flatten, ""all"""\r\n' +
        "2026-01-06T14:30:00.000Z,2026-01-07T15:00:00.000Z,CSVA,long,3,100,90.5,-28.5,'=cmd|calc\r\n",
    );
  });

  it('gives another user the header row alone, and no one without a token anything', async () => {
    const foreign = await get('/api/bot/trades.csv', bob.token);
    expect(foreign.statusCode).toBe(200);
    expect(foreign.body).toBe(
      'entry_at,exit_at,symbol,side,qty,entry_price,exit_price,pnl,exit_reason\r\n',
    );
    const anonymous = await get('/api/bot/trades.csv');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toHaveProperty('detail');
  });
});

describe('GET /api/portfolio/backtest/{id}/trades.csv', () => {
  it("names the file by the preview, has only the header until it completes, and finds only the user's own", async () => {
    const id = portfolioJobId(alice.userId, '0a11ce00-0000-4000-8000-00000000c5f0');
    // Queued (no worker runs here).
    await api.runtime.deps.portfolioQueue.add(
      portfolioQueue.name,
      { userId: alice.userId, universe: 'demo', symbols: ['CSVA'], months: 12 },
      { jobId: id },
    );
    const path = `/api/portfolio/backtest/${id}/trades.csv`;
    const reply = await get(path, alice.token);
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-disposition']).toBe(`attachment; filename="${id}-trades.csv"`);
    expect(reply.body).toBe(
      'entry_date,exit_date,symbol,side,quantity,entry_price,exit_price,fees,pnl,net_pnl,exit_reason\r\n',
    );
    const foreign = await get(path, bob.token);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ detail: server.portfolioUnknown });
    const bad = await get('/api/portfolio/backtest/backtest-1-2/trades.csv', alice.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ detail: server.portfolioUnknown });
    expect((await get(path)).statusCode).toBe(401);
  });
});

describe('GET /api/bot/twin and /api/bot/twin.csv', () => {
  it('a bot that never ran has no twin: no rows, the CSV its header row', async () => {
    const json = await get('/api/bot/twin', alice.token);
    expect(json.statusCode).toBe(200);
    expect(json.json()).toMatchObject({ from: null, rows: [], totals: { matched: 0 } });
    const csv = await get('/api/bot/twin.csv?from=2026-01-05', alice.token);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="bot-twin.csv"');
    expect(csv.body.split('\r\n')[0]).toBe(
      'entry_date,symbol,side,status,reason,live_qty,twin_qty,live_entry_price,' +
        'twin_entry_price,live_exit_date,twin_exit_date,live_exit_price,twin_exit_price,' +
        'live_net_pnl,twin_net_pnl,entry_diff,exit_diff,gap_entry,gap_exit,gap_quantity,' +
        'gap_fees,gap_total',
    );
  });

  it('refuses dates that are not YYYY-MM-DD, or a from after the to, with a 400', async () => {
    for (const query of ['?from=yesterday', '?to=2026-02-30x', '?from=2026-02-03&to=2026-02-01']) {
      const reply = await get(`/api/bot/twin${query}`, alice.token);
      expect([query, reply.statusCode]).toEqual([query, 400]);
      expect(reply.body).not.toMatch(/at .*\.ts|node_modules/);
    }
  });
});
