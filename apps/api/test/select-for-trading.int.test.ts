import { DEFAULT_STOCK_PARAMETERS, server } from '@tradebot/api-contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestApi } from './harness.js';
import { startListsApi, type ListsUser } from './list-setup.js';

/**
 * Confirm Save with edits: POST /api/select-for-trading moves the stocks and writes their edited
 * parameters in one transaction (the browser used to make two calls, and a failure between them
 * left the stocks moved without their edits).
 */
let api: TestApi;
let user: ListsUser;

beforeAll(async () => {
  ({ api, user } = await startListsApi('editmover', '10.0.7.2'));
});
afterAll(async () => api.close());

const post = (path: string, body?: unknown) => api.http.post(path, body, user.token);
const get = (path: string) => api.http.get(path, user.token);
const optimized = async () =>
  Object.keys((await get('/api/get-backtester-output')).body.best_parameters);
const finalList = async (): Promise<Record<string, unknown>[]> =>
  (await get('/api/get-final-trading-config')).body;

const EDITED = { ...DEFAULT_STOCK_PARAMETERS, rsi_period: 9, take_profit_percentage: 0.07 };

beforeEach(async () => {
  const { db } = api.runtime;
  await db.optimizedParameter.deleteMany({ where: { userId: user.userId } });
  await db.finalTradingListEntry.deleteMany({ where: { userId: user.userId } });
  await db.finalListUndo.deleteMany({ where: { userId: user.userId } });
  await post('/api/save-to-optimized-parameters', { symbols: ['DMA', 'DMB', 'DMC'] });
});

describe('select-for-trading with edited parameters', () => {
  it('moves the stocks with their edits; edits of stocks not moved are dropped', async () => {
    const reply = await post('/api/select-for-trading', {
      symbols: ['DMA', 'DMB'],
      parameters: { dma: EDITED, DMC: EDITED },
    });
    expect(reply.status).toBe(200);
    expect(reply.body.moved).toEqual(['DMA', 'DMB']);
    const entries = await finalList();
    expect(entries.map((e) => e.symbol)).toEqual(['DMA', 'DMB']);
    expect(entries[0]).toMatchObject({ rsi_period: 9, take_profit_percentage: 0.07 });
    expect(entries[1]).toMatchObject({
      rsi_period: DEFAULT_STOCK_PARAMETERS.rsi_period,
      take_profit_percentage: DEFAULT_STOCK_PARAMETERS.take_profit_percentage,
    });
    // DMC stayed in Optimized Parameters with its own values.
    expect(await optimized()).toEqual(['DMC']);
    const dmc = (await get('/api/get-backtester-output')).body.best_parameters.DMC;
    expect(dmc.rsi_period).toBe(DEFAULT_STOCK_PARAMETERS.rsi_period);
    expect((await get('/api/final-trading-list/undo')).body).toEqual({ symbols: ['DMA', 'DMB'] });
  });

  it('refuses edits outside the bounds before moving anything', async () => {
    const reply = await post('/api/select-for-trading', {
      symbols: ['DMA'],
      parameters: { DMA: { ...EDITED, macd_fast: 30, macd_slow: 20 } },
    });
    expect(reply.status).toBe(400);
    expect(await optimized()).toEqual(['DMA', 'DMB', 'DMC']);
    expect(await finalList()).toEqual([]);
    const badSymbol = await post('/api/select-for-trading', {
      symbols: ['DMA'],
      parameters: { 'not a symbol': EDITED },
    });
    expect(badSymbol.status).toBe(400);
    expect(badSymbol.body.detail).toBe(server.notASymbol('NOT A SYMBOL'));
    expect(await finalList()).toEqual([]);
  });

  it('leaves both lists and Undo as they were when writing the edits fails part-way', async () => {
    const { db } = api.runtime;
    // The move's INSERT passes; the UPDATE that writes the edits then fails, inside the move's
    // transaction, as a lost connection or a full disk would.
    await db.$executeRawUnsafe(`
      CREATE OR REPLACE FUNCTION test_refuse_edit() RETURNS trigger AS $$
      BEGIN RAISE EXCEPTION 'edits refused by the test'; END $$ LANGUAGE plpgsql`);
    await db.$executeRawUnsafe(`
      CREATE TRIGGER test_refuse_edit BEFORE UPDATE ON final_trading_list_entries
      FOR EACH ROW EXECUTE FUNCTION test_refuse_edit()`);
    try {
      await post('/api/select-for-trading', { symbols: ['DMC'] });
      const reply = await post('/api/select-for-trading', {
        symbols: ['DMA', 'DMB'],
        parameters: { DMA: EDITED },
      });
      expect(reply.status).toBe(500);
      expect(JSON.stringify(reply.body)).not.toContain('edits refused');
    } finally {
      await db.$executeRawUnsafe('DROP TRIGGER test_refuse_edit ON final_trading_list_entries');
      await db.$executeRawUnsafe('DROP FUNCTION test_refuse_edit()');
    }
    expect(await optimized()).toEqual(['DMA', 'DMB']);
    expect((await finalList()).map((e) => e.symbol)).toEqual(['DMC']);
    // Undo still restores the earlier move, not the failed one.
    expect((await get('/api/final-trading-list/undo')).body).toEqual({ symbols: ['DMC'] });
  });
});
