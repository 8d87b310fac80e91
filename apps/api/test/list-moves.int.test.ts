import { DEFAULT_STOCK_PARAMETERS, server, ui } from '@tradebot/api-contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestApi } from './harness.js';
import { startListsApi, type ListsUser } from './list-setup.js';

/**
 * The moves of the stock flow: Remove Selected (backtesting list), remove from Optimized
 * Parameters, select-for-trading, Undo and Reset, through REST with the spec's messages.
 */
let api: TestApi;
let user: ListsUser;

beforeAll(async () => {
  ({ api, user } = await startListsApi('mover', '10.0.7.1'));
});
afterAll(async () => api.close());

const post = (path: string, body?: unknown) => api.http.post(path, body, user.token);
const get = (path: string) => api.http.get(path, user.token);
const optimized = async () =>
  Object.keys((await get('/api/get-backtester-output')).body.best_parameters);
const finalList = async () =>
  (await get('/api/get-final-trading-config')).body.map((e: { symbol: string }) => e.symbol);

beforeEach(async () => {
  const { db } = api.runtime;
  await db.optimizedParameter.deleteMany({ where: { userId: user.userId } });
  await db.finalTradingListEntry.deleteMany({ where: { userId: user.userId } });
  await db.finalListUndo.deleteMany({ where: { userId: user.userId } });
});

describe('Remove Selected on the backtesting list', () => {
  it('removes the selected stocks with the spec message and says which were removed', async () => {
    await post('/api/backtest/stocks', { symbols: ['DMA', 'DMB'] });
    const reply = await post('/api/backtest/stocks/remove', { symbols: ['dmb', 'DMC'] });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ message: ui.removedFromBacktestingList, moved: ['DMB'] });
    expect((await get('/api/backtest/stocks')).body.symbols).toEqual(['DMA']);
  });

  it('refuses an empty selection with the spec message', async () => {
    const reply = await post('/api/backtest/stocks/remove', { symbols: [] });
    expect(reply.status).toBe(400);
    expect(reply.body.detail).toBe(ui.noStocksSelectedForBacktesting);
  });
});

describe('Optimized Parameters → Final Trading List and back', () => {
  it('moves, undoes and restores the lists exactly', async () => {
    const saved = await post('/api/save-to-optimized-parameters', {
      symbols: ['DMA', 'DMB', 'DMC'],
    });
    expect(saved.body.added).toEqual(['DMA', 'DMB', 'DMC']);
    expect((await get('/api/final-trading-list/undo')).body).toEqual({ symbols: [] });

    const moved = await post('/api/select-for-trading', { symbols: ['DMB', 'DMA'] });
    expect(moved.status).toBe(200);
    expect(moved.body).toEqual({
      message: 'Moved 2 stocks to Final Trading List.',
      moved: ['DMA', 'DMB'],
    });
    expect(await optimized()).toEqual(['DMC']);
    expect(await finalList()).toEqual(['DMA', 'DMB']);
    // The original values travel with the row.
    const row = await api.runtime.db.finalTradingListEntry.findUniqueOrThrow({
      where: { userId_symbol: { userId: user.userId, symbol: 'DMA' } },
      select: { originalParameters: true, parameters: true },
    });
    expect(row.originalParameters).toEqual(DEFAULT_STOCK_PARAMETERS);
    expect((await get('/api/final-trading-list/undo')).body).toEqual({ symbols: ['DMA', 'DMB'] });

    const undone = await post('/api/final-trading-list/undo');
    expect(undone.status).toBe(200);
    expect(undone.body).toEqual({
      message: 'Undo successful. 2 stocks restored to Optimized Parameters.',
      moved: ['DMA', 'DMB'],
    });
    expect(await optimized()).toEqual(['DMA', 'DMB', 'DMC']);
    expect(await finalList()).toEqual([]);
    expect((await get('/api/final-trading-list/undo')).body).toEqual({ symbols: [] });
    const again = await post('/api/final-trading-list/undo');
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe(server.nothingToUndo);
  });

  it('undoes only the last move, and only what is still on the list', async () => {
    await post('/api/save-to-optimized-parameters', { symbols: ['DMA', 'DMB', 'DMC'] });
    await post('/api/select-for-trading', { symbols: ['DMA'] });
    await post('/api/select-for-trading', { symbols: ['DMB', 'DMC'] });
    // DMC leaves the list through an update; Undo then restores DMB alone.
    const entry = { symbol: 'DMB', ...DEFAULT_STOCK_PARAMETERS };
    await post('/api/update-final-trading-config', [entry, { ...entry, symbol: 'DMA' }]);
    expect((await get('/api/final-trading-list/undo')).body).toEqual({ symbols: ['DMB'] });
    const undone = await post('/api/final-trading-list/undo');
    expect(undone.body.moved).toEqual(['DMB']);
    expect(await finalList()).toEqual(['DMA']);
    expect(await optimized()).toEqual(['DMB', 'DMC']);
  });

  it('skips symbols not in Optimized Parameters and answers 409 when none is left to move', async () => {
    await post('/api/save-to-optimized-parameters', { symbols: ['DMA'] });
    const first = await post('/api/select-for-trading', { symbols: ['DMA', 'DMB'] });
    expect(first.body.moved).toEqual(['DMA']);
    const second = await post('/api/select-for-trading', { symbols: ['DMA'] });
    expect(second.status).toBe(409);
    expect(second.body.detail).toBe(server.nothingMovedToFinalList);
    expect(await finalList()).toEqual(['DMA']);
    const empty = await post('/api/select-for-trading', { symbols: [' '] });
    expect(empty.status).toBe(400);
    expect(empty.body.detail).toBe(server.noStocksSelectedForTrading);
  });

  it('refuses to list again a stock that is on the Final Trading List', async () => {
    await post('/api/save-to-optimized-parameters', { symbols: ['DMA'] });
    await post('/api/select-for-trading', { symbols: ['DMA'] });
    const before = (await get('/api/backtest/stocks')).body.symbols;
    for (const path of [
      '/api/save-to-optimized-parameters',
      '/api/backtest/stocks',
      '/api/select-stocks-for-backtest',
    ]) {
      const alone = await post(path, { symbols: ['DMA'] });
      expect(alone.status, path).toBe(400);
      expect(alone.body.detail, path).toBe(server.onFinalTradingList(['DMA']));
    }
    expect((await get('/api/backtest/stocks')).body.symbols).toEqual(before);
    // Nothing was written by the refused saves.
    expect(await optimized()).toEqual([]);
    expect(await finalList()).toEqual(['DMA']);
  });

  it('saves the others to Optimized Parameters and names the ones on the Final Trading List', async () => {
    await post('/api/save-to-optimized-parameters', { symbols: ['DMA'] });
    await post('/api/select-for-trading', { symbols: ['DMA'] });
    const reply = await post('/api/save-to-optimized-parameters', {
      symbols: ['DMB', 'DMA', 'DMC'],
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      message: `${ui.savedToOptimized(2)}. ${server.skippedOnFinalList(['DMA'])}`,
      added: ['DMB', 'DMC'],
      skipped: ['DMA'],
    });
    expect(await optimized()).toEqual(['DMB', 'DMC']);
    expect(await finalList()).toEqual(['DMA']);
    const plain = await post('/api/save-to-optimized-parameters', { symbols: ['DME'] });
    expect(plain.body).toEqual({ message: ui.savedToOptimized(1), added: ['DME'] });
  });

  it('saves the others to the backtesting list and names the ones on the Final Trading List', async () => {
    await post('/api/save-to-optimized-parameters', { symbols: ['DMA'] });
    await post('/api/select-for-trading', { symbols: ['DMA'] });
    const reply = await post('/api/backtest/stocks', { symbols: ['DMB', 'DMA', 'DMC'] });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      message: `${ui.savedForBacktesting(2)}. ${server.skippedOnFinalList(['DMA'])}`,
      added: ['DMB', 'DMC'],
      skipped: ['DMA'],
    });
    expect((await get('/api/backtest/stocks')).body.symbols).toEqual(
      expect.arrayContaining(['DMB', 'DMC']),
    );
    expect(await finalList()).toEqual(['DMA']);
    const plain = await post('/api/backtest/stocks', { symbols: ['DME'] });
    expect(plain.body).toEqual({ message: ui.addedToBacktestQueue('DME'), added: ['DME'] });
  });
});

describe('remove from Optimized Parameters', () => {
  it('deletes the selected rows and says how many', async () => {
    await post('/api/save-to-optimized-parameters', { symbols: ['DMA', 'DMB'] });
    const reply = await post('/api/remove-from-best-parameters', { symbols: ['DMB', 'DME'] });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      message: 'Removed 1 stock from Optimized Parameters.',
      moved: ['DMB'],
    });
    expect(await optimized()).toEqual(['DMA']);
    const empty = await post('/api/remove-from-best-parameters', { symbols: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.detail).toBe(server.noStocksSelected);
  });
});

describe('Reset to original values', () => {
  it('restores what the backtest produced, or the defaults, after an edit', async () => {
    const { db } = api.runtime;
    const backtested = { ...DEFAULT_STOCK_PARAMETERS, sma_period: 30, rsi_buy_threshold: 25 };
    await db.optimizedParameter.create({
      data: {
        userId: user.userId,
        symbol: 'DMB',
        parameters: { ...backtested, sma_period: 90 },
        originalParameters: backtested,
        profit: 12.5,
      },
    });
    await db.optimizedParameter.create({
      data: {
        userId: user.userId,
        symbol: 'DMC',
        parameters: { ...DEFAULT_STOCK_PARAMETERS, atr_period: 40 },
      },
    });
    // DMA: saved from the screener, edited on the Final Trading List, brought back by Undo.
    await post('/api/save-to-optimized-parameters', { symbols: ['DMA'] });
    await post('/api/select-for-trading', { symbols: ['DMA'] });
    await post('/api/update-final-trading-config', [
      { symbol: 'DMA', ...DEFAULT_STOCK_PARAMETERS, rsi_period: 20 },
    ]);
    await post('/api/final-trading-list/undo');
    const edited = (await get('/api/get-backtester-output')).body.best_parameters;
    expect(edited.DMA.rsi_period).toBe(20);

    const reset = await post('/api/reset-optimized-parameters');
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({
      message: 'Optimized parameters reset to backtest defaults',
      moved: ['DMA', 'DMB', 'DMC'],
    });
    const after = (await get('/api/get-backtester-output')).body.best_parameters;
    expect(after.DMA).toMatchObject({ ...DEFAULT_STOCK_PARAMETERS, profit: null });
    expect(after.DMB).toMatchObject({ ...backtested, profit: 12.5 });
    expect(after.DMC).toMatchObject(DEFAULT_STOCK_PARAMETERS);
  });
});

describe('the backtest verdict in Optimized Parameters', () => {
  it('shows no_robust_edge of the stock’s backtest, null without one', async () => {
    const { db } = api.runtime;
    await post('/api/save-to-optimized-parameters', { symbols: ['DMA', 'DMB'] });
    const run = await db.backtestRun.create({
      data: { userId: user.userId, symbol: 'DMA', batchId: 1, universe: 'demo', settings: {} },
      select: { id: true },
    });
    await db.backtestResult.create({
      data: {
        userId: user.userId,
        symbol: 'DMA',
        runId: run.id,
        result: { verdict: { no_robust_edge: true } },
      },
    });
    const output = (await get('/api/get-backtester-output')).body.best_parameters;
    expect(output.DMA.no_robust_edge).toBe(true);
    expect(output.DMB.no_robust_edge).toBeNull();
  });
});

describe('the backtest verdict on the Final Trading List', () => {
  it('gives each stock the verdict Optimized Parameters shows, null when never backtested', async () => {
    const { db } = api.runtime;
    await db.backtestResult.deleteMany({ where: { userId: user.userId } });
    await db.backtestRun.deleteMany({ where: { userId: user.userId } });
    await post('/api/save-to-optimized-parameters', { symbols: ['DMA', 'DMB', 'DMC'] });
    for (const [symbol, noEdge] of [
      ['DMA', false],
      ['DMB', true],
    ] as const) {
      const run = await db.backtestRun.create({
        data: { userId: user.userId, symbol, batchId: 1, universe: 'demo', settings: {} },
        select: { id: true },
      });
      await db.backtestResult.create({
        data: {
          userId: user.userId,
          symbol,
          runId: run.id,
          result: { verdict: { no_robust_edge: noEdge } },
        },
      });
    }
    const before = (await get('/api/get-backtester-output')).body.best_parameters;
    await post('/api/select-for-trading', { symbols: ['DMA', 'DMB', 'DMC'] });
    const reply = await get('/api/get-final-trading-config');
    const verdicts = Object.fromEntries(
      reply.body.map((e: { symbol: string; no_robust_edge: boolean | null }) => [
        e.symbol,
        e.no_robust_edge,
      ]),
    );
    expect(verdicts).toEqual({ DMA: false, DMB: true, DMC: null });
    for (const symbol of ['DMA', 'DMB', 'DMC'])
      expect(verdicts[symbol]).toBe(before[symbol].no_robust_edge);
  });
});

describe('without a session', () => {
  it('every move answers 401', async () => {
    const calls = [
      api.http.post('/api/backtest/stocks/remove', { symbols: ['DMA'] }),
      api.http.post('/api/remove-from-best-parameters', { symbols: ['DMA'] }),
      api.http.post('/api/select-for-trading', { symbols: ['DMA'] }),
      api.http.get('/api/final-trading-list/undo'),
      api.http.post('/api/final-trading-list/undo'),
      api.http.post('/api/reset-optimized-parameters'),
      api.http.get('/api/get-final-trading-config'),
      api.http.post('/api/update-final-trading-config', []),
      api.http.get('/api/strategy/parameter-schema'),
      api.http.get('/api/config'),
      api.http.post('/api/update-config', { trading: {} }),
    ];
    for (const reply of await Promise.all(calls)) expect(reply.status).toBe(401);
  });
});
