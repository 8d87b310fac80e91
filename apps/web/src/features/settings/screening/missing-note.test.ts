import { criterionLabel, server } from '@tradebot/api-contract';
import { describe, expect, it } from 'vitest';
import { partialMissingNote } from './missing-note';

describe('partialMissingNote', () => {
  it('gives the count, then the reason as its own sentence', () => {
    const note = partialMissingNote(
      criterionLabel('max_rsi'),
      5200,
      5260,
      server.criterionNoMetrics,
    );
    expect(note).toBe(
      'Max RSI: 5,200 of 5,260 listings have no value. Technical metrics are not computed yet (they are refreshed after each market-data load).',
    );
    expect(note).not.toContain('((');
  });
});
