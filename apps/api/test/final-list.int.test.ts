import { DEFAULT_STOCK_PARAMETERS, server, ui } from '@tradebot/api-contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestApi } from './harness.js';
import { startListsApi, type ListsUser } from './list-setup.js';

/**
 * The Final Trading List: GET /api/get-final-trading-config (parameters with the stock's latest
 * metrics) and POST /api/update-final-trading-config (per-row edits and removals).
 */
let api: TestApi;
let user: ListsUser;

beforeAll(async () => {
  ({ api, user } = await startListsApi('finalist', '10.0.8.1'));
});
afterAll(async () => api.close());

const post = (path: string, body?: unknown) => api.http.post(path, body, user.token);
const get = (path: string) => api.http.get(path, user.token);
const read = async () => (await get('/api/get-final-trading-config')).body;
const update = (entries: unknown) => post('/api/update-final-trading-config', entries);
const entry = (symbol: string, changes: Record<string, unknown> = {}) => ({
  symbol,
  ...DEFAULT_STOCK_PARAMETERS,
  ...changes,
});

beforeEach(async () => {
  const { db } = api.runtime;
  await db.optimizedParameter.deleteMany({ where: { userId: user.userId } });
  await db.finalTradingListEntry.deleteMany({ where: { userId: user.userId } });
  await post('/api/save-to-optimized-parameters', { symbols: ['DMA', 'DMB', 'DMC'] });
  await post('/api/select-for-trading', { symbols: ['DMB', 'DMA'] });
});

describe('GET /api/get-final-trading-config', () => {
  it('lists the entries by symbol with the latest metrics of the user’s market', async () => {
    expect(await read()).toEqual([
      {
        ...entry('DMA'),
        close: 101.5,
        rsi: 28.25,
        atr: 3.5,
        macd: -0.75,
        // Not held by the bot (the positions the dashboard reads).
        qty: 0,
        avg_price: null,
        unrealized_pl: null,
        // The demo listing's domain, not the real universe's DMA.
        domain: 'dma.example',
        no_robust_edge: null,
      },
      {
        ...entry('DMB'),
        close: null,
        rsi: null,
        atr: null,
        macd: null,
        qty: 0,
        avg_price: null,
        unrealized_pl: null,
        domain: null,
        no_robust_edge: null,
      },
    ]);
  });

  it('shows a stored row that no longer parses with the defaults filled in', async () => {
    await api.runtime.db.finalTradingListEntry.update({
      where: { userId_symbol: { userId: user.userId, symbol: 'DMB' } },
      data: { parameters: { rsi_period: 999, sma_period: 60, stray: 'x' } },
    });
    const dmb = (await read())[1];
    expect(dmb).toMatchObject({ ...entry('DMB'), sma_period: 60 });
    expect(dmb).not.toHaveProperty('stray');
  });
});

describe('POST /api/update-final-trading-config', () => {
  it('refuses macd_fast at or above macd_slow, naming both as the screen does', async () => {
    const current = await read();
    for (const pair of [
      { macd_fast: 26, macd_slow: 12 },
      { macd_fast: 20, macd_slow: 20 },
    ]) {
      const reply = await update([{ ...current[0], ...pair }, current[1]]);
      expect(reply).toMatchObject({ status: 400, body: { detail: server.macdFastBelowSlow } });
      expect(reply.body.detail).toContain('MACD fast period (days)');
      expect(reply.body.detail).toContain('MACD slow period (days)');
    }
    expect(await read()).toEqual(current);
  });

  it('refuses a missing or null body and keeps the list; an explicit [] empties it', async () => {
    for (const missing of [undefined, null]) {
      const reply = await update(missing);
      expect(reply.status).toBe(400);
      expect(reply.body.detail).toEqual(expect.any(String));
      expect((await read()).map((e: { symbol: string }) => e.symbol)).toEqual(['DMA', 'DMB']);
    }
    const emptied = await update([]);
    expect(emptied.status).toBe(200);
    expect(await read()).toEqual([]);
  });

  it('saves per-row edits and returns a removed row to Optimized Parameters', async () => {
    const current = await read();
    const reply = await update([{ ...current[0], rsi_period: 21, macd_crossover: false }]);
    expect(reply.status).toBe(200);
    expect(reply.body.message).toBe(ui.finalListUpdated);
    expect(reply.body.message).toBe('Final Trading List updated successfully.');
    expect(reply.body.returned).toEqual(['DMB']);
    expect(reply.body.entries).toEqual([{ ...current[0], rsi_period: 21, macd_crossover: false }]);
    expect(await read()).toEqual(reply.body.entries);
    const optimized = (await get('/api/get-backtester-output')).body.best_parameters;
    expect(Object.keys(optimized)).toEqual(['DMB', 'DMC']);
    expect(optimized.DMB).toMatchObject(DEFAULT_STOCK_PARAMETERS);
    // The server's fields sent back (close, rsi, …) are not stored as parameters.
    const row = await api.runtime.db.finalTradingListEntry.findUniqueOrThrow({
      where: { userId_symbol: { userId: user.userId, symbol: 'DMA' } },
      select: { parameters: true },
    });
    expect(row.parameters).toEqual({
      ...DEFAULT_STOCK_PARAMETERS,
      rsi_period: 21,
      macd_crossover: false,
    });
  });

  it('an empty list returns every stock to Optimized Parameters', async () => {
    const reply = await update([]);
    expect(reply.body).toMatchObject({ entries: [], returned: ['DMA', 'DMB'] });
    const optimized = (await get('/api/get-backtester-output')).body.best_parameters;
    expect(Object.keys(optimized)).toEqual(['DMA', 'DMB', 'DMC']);
  });

  it('refuses a value out of bounds, naming the field, and changes nothing', async () => {
    const before = await read();
    const low = await update([entry('DMA', { rsi_period: 4 }), entry('DMB')]);
    expect(low.status).toBe(400);
    expect(low.body.detail).toBe(server.parameterBounds('RSI period (days)', 5, 50));
    const fraction = await update([entry('DMA', { sma_period: 20.5 }), entry('DMB')]);
    expect(fraction.status).toBe(400);
    expect(fraction.body.detail).toContain('Moving average period (days)');
    const flag = await update([entry('DMA', { macd_crossunder: 'yes' })]);
    expect(flag.status).toBe(400);
    expect(flag.body.detail).toBe(server.parameterFlag('macd_crossunder'));
    const missing = await update([{ symbol: 'DMA' }]);
    expect(missing.status).toBe(400);
    const notList = await update({ symbol: 'DMA' });
    expect(notList.status).toBe(400);
    expect(await read()).toEqual(before);
  });

  it('refuses a symbol not on the list and a symbol sent twice, changing nothing', async () => {
    const before = await read();
    const stranger = await update([entry('DMA'), entry('DMC')]);
    expect(stranger.status).toBe(400);
    expect(stranger.body.detail).toBe(server.notOnFinalTradingList(['DMC']));
    const twice = await update([entry('DMA'), entry('dma', { rsi_period: 30 })]);
    expect(twice.status).toBe(400);
    expect(twice.body.detail).toBe(server.duplicateFinalListSymbols(['DMA']));
    const junk = await update([entry('DMA'), entry(`X${'Y'.repeat(5000)}`)]);
    expect(junk.status).toBe(400);
    expect(junk.body.detail).toContain('is not a ticker symbol');
    expect(junk.body.detail.length).toBeLessThan(200);
    expect(await read()).toEqual(before);
    const optimized = (await get('/api/get-backtester-output')).body.best_parameters;
    expect(Object.keys(optimized)).toEqual(['DMC']);
  });
});
