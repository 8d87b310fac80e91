import { DemoClock, DemoMarket } from '@tradebot/market';
import { stockMetrics } from '@tradebot/strategy';
import { describe, expect, it } from 'vitest';
import { screenerRow } from './screen-row.js';

const market = new DemoMarket({
  seed: 5,
  size: 60,
  clock: new DemoClock({ start: Date.parse('2026-01-05T21:30:00Z'), speed: 0 }),
});

describe('screenerRow', () => {
  it('takes technicals from the metrics and fundamentals from the provider, units unchanged', async () => {
    const f = (await market.listUniverse()).find((c) => c.asset_type === 'stock')!;
    const bars = await market.getDailyBars(f.symbol, { from: '2025-01-01', to: '2026-01-05' });
    const m = stockMetrics(bars);
    const row = screenerRow(f, m);
    expect(row).toMatchObject({
      symbol: f.symbol,
      company_name: f.company_name,
      domain: f.domain,
      last_price: m.last_price,
      rsi: m.rsi,
      atr: m.atr,
      atr_percent: m.atr_percent,
      macd: m.macd,
      average_volume: m.average_volume,
      dividend_yield: f.dividend_yield,
      roe: f.roe,
      pe_ratio: f.pe_ratio,
    });
    // The demo's average volume is the same 30-session mean, so both sources agree.
    expect(m.average_volume).toBeCloseTo(f.average_volume, -1);
    // No index given: beta falls back to the provider's.
    expect(row.beta).toBe(f.beta);
  });

  it('without metrics, volume, beta and price come from the provider, technicals are unknown', async () => {
    const f = (await market.listUniverse())[0]!;
    const row = screenerRow(f, null);
    expect(row).toMatchObject({
      last_price: f.price,
      average_volume: f.average_volume,
      beta: f.beta,
      rsi: null,
      atr_percent: null,
      macd: null,
    });
  });
});
