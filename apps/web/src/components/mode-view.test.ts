import { describe, expect, it } from 'vitest';
import { modeView } from './mode-view';

describe('the nav label', () => {
  it('says Live only while the bot runs in live mode', () => {
    expect(modeView({ status: 'running', mode: 'live' }, 'alpaca')?.label).toBe('Live');
    expect(modeView({ status: 'running', mode: 'paper' }, 'alpaca')?.label).toBe('Paper');
    expect(modeView({ status: 'stopped', mode: 'live' }, 'alpaca')?.label).toBe('Paper');
    expect(modeView(undefined, 'alpaca')).toEqual({
      label: 'Paper',
      tooltip: 'The trading bot is not running',
    });
  });

  it('says neither Paper nor Live for the demo market’s simulated broker', () => {
    expect(modeView({ status: 'running', mode: 'demo' }, 'demo')).toBeNull();
    expect(modeView({ status: 'stopped', mode: null }, 'demo')).toBeNull();
    // A demo bot still running after the user saved Alpaca keys: not Alpaca's paper account.
    expect(modeView({ status: 'running', mode: 'demo' }, 'alpaca')).toBeNull();
    // Before the market is known nothing is claimed.
    expect(modeView(undefined, undefined)).toBeNull();
  });
});
