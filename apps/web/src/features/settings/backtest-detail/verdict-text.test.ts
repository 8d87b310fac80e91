import { server } from '@tradebot/api-contract';
import { describe, expect, it } from 'vitest';
import { verdictText } from './verdict-text';

const luck = server.verdictBelowSignificance;
const oos = server.verdictNoOutOfSampleProfit;

describe('verdictText', () => {
  it('drops the title words from the summary and the reason it already gives', () => {
    expect(
      verdictText({
        no_robust_edge: true,
        summary: server.verdictNoEdge(luck),
        reasons: [luck, oos],
        deflated_sharpe: 0.03,
      }),
    ).toEqual({ summary: luck, reasons: [oos] });
  });

  it('keeps a summary without the prefix and every reason it does not contain', () => {
    const summary = server.verdictEdge(12);
    expect(
      verdictText({ no_robust_edge: false, summary, reasons: [], deflated_sharpe: 0.97 }),
    ).toEqual({ summary, reasons: [] });
  });
});
