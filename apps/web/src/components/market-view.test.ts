import { describe, expect, it } from 'vitest';
import { marketView } from './market-view';

const none = { paper_key_mask: null, live_key_mask: null };

describe('marketView', () => {
  it('says "Not set up" before any key or the demo market is chosen', () => {
    expect(marketView({ market: 'alpaca', ...none }).label).toBe('Not set up');
  });

  it('says Alpaca once a paper or live key is saved, and the demo market when chosen', () => {
    expect(marketView({ market: 'alpaca', ...none, paper_key_mask: '****0042' }).label).toBe(
      'Alpaca',
    );
    expect(marketView({ market: 'alpaca', ...none, live_key_mask: '****0042' }).label).toBe(
      'Alpaca',
    );
    expect(marketView({ market: 'demo', ...none }).label).toBe('Demo market');
  });
});
