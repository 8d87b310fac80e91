import { server, ui } from '@tradebot/api-contract';
import { describe, expect, it } from 'vitest';
import { callerSuite, expectRefused, expectUnauthenticated } from './caller.js';

const s = callerSuite('slist', { demoMarket: true });

describe('stock-lists router', () => {
  it('adds to the caller’s backtesting list and saves to Optimized Parameters; another user’s lists stay empty', async () => {
    const added = await s.user.call.stockLists.addToBacktestList({ symbols: [' dma '] });
    expect(added).toEqual({ message: ui.addedToBacktestQueue('DMA'), added: ['DMA'] });
    expect(await s.user.call.stockLists.backtestList()).toEqual({ symbols: ['DMA'] });
    const saved = await s.user.call.stockLists.saveToOptimized({ symbols: ['DMB'] });
    expect(saved.message).toBe(ui.savedToOptimized(1));
    const output = await s.user.call.stockLists.backtesterOutput();
    expect(Object.keys(output.best_parameters)).toEqual(['DMB']);
    expect(output.best_parameters.DMB).toMatchObject({ rsi_buy_threshold: 30, profit: null });
    expect(
      await s.api.runtime.db.backtestListEntry.count({ where: { userId: s.user.userId } }),
    ).toBe(1);
    expect(await s.admin.call.stockLists.backtestList()).toEqual({ symbols: [] });
    expect(await s.admin.call.stockLists.backtesterOutput()).toEqual({ best_parameters: {} });
  });

  it('refuses a non-ticker and a symbol outside the caller’s market, writing nothing', async () => {
    await expectRefused(
      s.user.call.stockLists.addToBacktestList({ symbols: ['no way!'] }),
      server.notASymbol('NO WAY!'),
    );
    await expectRefused(
      s.user.call.stockLists.addToBacktestList({ symbols: 'DMC' as unknown as string[] }),
      server.symbolsMustBeList,
    );
    await expectRefused(
      s.admin.call.stockLists.addToBacktestList({ symbols: ['DMC'] }),
      server.unknownSymbols(['DMC']),
    );
    expect(await s.admin.call.stockLists.backtestList()).toEqual({ symbols: [] });
  });

  it('refuses a caller without a session', async () => {
    await expectUnauthenticated(s.anonymous.stockLists.backtestList());
    await expectUnauthenticated(s.anonymous.stockLists.undo());
  });
});
