import { describe, expect, it } from 'vitest';
import { DemoClock } from './clock.js';
import { DemoMarket } from './demo-market.js';

/**
 * Pinned output of seed 42: the demo data must come out the same on every machine and run. A
 * deliberate change of the model changes these numbers; update them and say so in the commit.
 */
describe('demo market, seed 42 (golden values)', () => {
  const clock = new DemoClock({ start: Date.parse('2026-01-05T21:30:00Z'), speed: 0 });
  const market = new DemoMarket({ seed: 42, clock });

  it('has the same first listings', () => {
    const first = market.listings().slice(0, 3);
    expect(first.map((c) => [c.profile.symbol, c.profile.company_name, c.profile.domain])).toEqual([
      ['AF', 'Aleaoreark Farms plc', 'aleaorearkfarms.example'],
      ['AI', 'Araiwero Interactive Group', 'araiwerointeractive.example'],
      ['ALA', 'Alaision Drilling Inc.', 'alaisiondrilling.example'],
    ]);
  });

  it('has the same bars and fundamentals', async () => {
    const b = await market.getDailyBars('AF', { from: '2000-01-01', to: '2100-01-01' });
    const row = (i: number) => [b.open[i], b.high[i], b.low[i], b.close[i], b.volume[i]];
    expect([row(0), row(1000), row(2515)]).toEqual([
      [38.06, 38.2, 37.91, 38.08, 108125],
      [115.43, 116.46, 113.89, 116.13, 133569],
      [29.34, 30.83, 29.07, 30.57, 294624],
    ]);
    const f = await market.getCompany('AF');
    expect(f?.market_cap).toBeCloseTo(594327510.96, 2);
    expect(f?.pe_ratio).toBeCloseTo(35.555660196465546, 9);
    expect(f?.average_volume).toBe(112689);
  });
});
