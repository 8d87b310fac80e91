import { server } from '@tradebot/api-contract';
import { demoLogoPath } from '@tradebot/core';
import { describe, expect, it } from 'vitest';
import { DEMO_SYMBOLS } from '../list-setup.js';
import { callerSuite, expectRefused, expectUnauthenticated } from './caller.js';

/** The user explores the demo market's listings; the admin, on Alpaca, has none loaded. */
const s = callerSuite('expl', { demoMarket: true });

describe('explorer router', () => {
  it('explores and counts the caller’s universe with its stored metrics, and gives its logos', async () => {
    const rows = await s.user.call.explorer.explore({ metrics: ['rsi'] });
    expect(rows.map((row) => row.symbol).sort()).toEqual([...DEMO_SYMBOLS]);
    expect(rows.find((row) => row.symbol === 'DMA')).toMatchObject({
      company_name: 'DMA Inc.',
      rsi: 28.25,
    });
    expect(await s.user.call.explorer.count()).toEqual({
      count: DEMO_SYMBOLS.length,
      notice: null,
    });
    expect(await s.user.call.explorer.logos({ symbols: ['dma', 'DMB', 'NOPE'] })).toEqual({
      DMA: demoLogoPath('DMA'),
      DMB: demoLogoPath('DMB'),
      NOPE: null,
    });
    expect(await s.admin.call.explorer.explore({})).toEqual([]);
  });

  it('refuses an unknown metric and a logo batch that is not a list', async () => {
    await expectRefused(
      s.user.call.explorer.explore({ metrics: ['rsi', 'bogus'] }),
      server.unknownMetrics(['bogus']),
    );
    await expectRefused(
      s.user.call.explorer.logos({ symbols: 'DMA' as unknown as string[] }),
      server.symbolsMustBeList,
    );
  });

  it('refuses a caller without a session', async () => {
    await expectUnauthenticated(s.anonymous.explorer.explore({}));
    await expectUnauthenticated(s.anonymous.explorer.count());
  });
});
