import { DEFAULT_STOCK_PARAMETERS } from '@tradebot/api-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Reply, TestApi } from './harness.js';
import { DEMO_SYMBOLS, startListsApi, type ListsUser } from './list-setup.js';

/**
 * Two tabs clicking at once: moves between Optimized Parameters and the Final Trading List run
 * one after the other under the user's lists lock, so no stock is ever in both or lost.
 */
let api: TestApi;
let user: ListsUser;

beforeAll(async () => {
  ({ api, user } = await startListsApi('twotabs', '10.0.11.1'));
});
afterAll(async () => api.close());

const post = (path: string, body?: unknown) => api.http.post(path, body, user.token);

async function listsInSql() {
  const { db } = api.runtime;
  const optimized = await db.optimizedParameter.findMany({
    where: { userId: user.userId },
    select: { symbol: true },
  });
  const final = await db.finalTradingListEntry.findMany({
    where: { userId: user.userId },
    select: { symbol: true },
  });
  return { optimized: optimized.map((r) => r.symbol), final: final.map((r) => r.symbol) };
}

describe('concurrent moves', () => {
  it('never put a stock in both lists nor lose one (several rounds)', async () => {
    const symbols = [...DEMO_SYMBOLS];
    let selected = 0;
    for (let round = 0; round < 5; round++) {
      const { db } = api.runtime;
      await db.optimizedParameter.deleteMany({ where: { userId: user.userId } });
      await db.finalTradingListEntry.deleteMany({ where: { userId: user.userId } });
      await post('/api/save-to-optimized-parameters', { symbols });

      const calls: Promise<Reply>[] = [];
      const selects: Promise<Reply>[] = [];
      for (let i = 0; i < 10; i++) {
        const select = post('/api/select-for-trading', { symbols });
        selects.push(select);
        calls.push(select);
        if (i % 3 === 0) calls.push(post('/api/final-trading-list/undo'));
        if (i % 3 === 1)
          calls.push(
            post('/api/update-final-trading-config', [
              { symbol: symbols[round % symbols.length], ...DEFAULT_STOCK_PARAMETERS },
            ]),
          );
        if (i % 5 === 2) calls.push(post('/api/update-final-trading-config', []));
        if (i % 5 === 4) calls.push(post('/api/reset-optimized-parameters'));
      }
      const replies = await Promise.all(calls);
      for (const reply of replies) expect([200, 400, 409]).toContain(reply.status);
      const selectReplies = await Promise.all(selects);
      // One tab wins; the others find nothing left to move unless an undo came between.
      selected += selectReplies.filter((reply) => reply.status === 200).length;
      for (const reply of selectReplies)
        if (reply.status === 409) expect(reply.body.detail).toMatch(/another tab/);

      const { optimized, final } = await listsInSql();
      expect(
        optimized.filter((symbol) => final.includes(symbol)),
        `round ${round}`,
      ).toEqual([]);
      expect([...optimized, ...final].sort(), `round ${round}`).toEqual(symbols);
    }
    expect(selected).toBeGreaterThan(0);
  });
});
