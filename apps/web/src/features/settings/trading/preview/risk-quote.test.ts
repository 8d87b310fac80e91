import { ui, type TPortfolioMonteCarlo } from '@tradebot/api-contract';
import { describe, expect, it } from 'vitest';
import { percent, riskQuote } from './risk-quote';

function simulated(p5: number, halt: number, probability: number): TPortfolioMonteCarlo {
  return {
    ok: true,
    paths: 10_000,
    days: 252,
    seed: 1,
    mean_block_length: 6,
    start_equity: 10_000,
    halt_drawdown: halt,
    bands: [],
    final_equity: { p5, p50: p5 + 1_000, p95: p5 + 2_000 },
    max_drawdown: {
      p5: 0.02,
      p25: 0.04,
      p50: 0.06,
      p75: 0.09,
      p95: 0.15,
      mean: 0.07,
      histogram: { bin_width: 0.02, counts: [] },
    },
    halt_probability: probability,
  };
}

describe('riskQuote', () => {
  it('quotes the 5 % final equity in whole dollars and the halt share', () => {
    expect(riskQuote(simulated(8_412.6, 0.2, 0.0345))).toBe(
      'In 1 year, 1 path in 20 ends below $8,413; the halt at 20 % is hit in 3.5 % of paths.',
    );
    expect(riskQuote(simulated(12_000, 0.15, 0))).toBe(
      ui.previewRiskQuote('$12,000', '15 %', '0 %'),
    );
  });

  it('says nothing without a simulation', () => {
    expect(riskQuote(null)).toBeNull();
    expect(riskQuote({ ok: false, error: 'too few' })).toBeNull();
  });
});

describe('percent', () => {
  it('keeps at most one decimal', () => {
    expect(percent(0.2)).toBe('20 %');
    expect(percent(0.12345)).toBe('12.3 %');
    expect(percent(1)).toBe('100 %');
  });
});
