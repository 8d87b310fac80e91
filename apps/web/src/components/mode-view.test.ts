import { describe, expect, it } from 'vitest';
import { modeView } from './mode-view';

describe('the nav label', () => {
  it('says Live only while the bot runs in live mode', () => {
    expect(modeView({ status: 'running', mode: 'live' }).label).toBe('Live');
    expect(modeView({ status: 'running', mode: 'paper' }).label).toBe('Paper');
    expect(modeView({ status: 'running', mode: 'demo' }).tooltip).toContain('demo market');
    expect(modeView({ status: 'stopped', mode: 'live' }).label).toBe('Paper');
    expect(modeView(undefined)).toEqual({
      label: 'Paper',
      tooltip: 'The trading bot is not running',
    });
  });
});
