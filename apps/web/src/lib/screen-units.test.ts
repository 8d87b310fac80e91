import { describe, expect, it } from 'vitest';
import { screenBounds, shownValue, typedValue } from './screen-units';

describe('screen units', () => {
  it('shows the fractions the API holds in percent and takes percent back as fractions', () => {
    expect(shownValue('risk_per_trade', 0.02)).toBe(2);
    expect(shownValue('risk_percentage', 0.07)).toBe(7);
    expect(shownValue('trailing_stop_pct', 0.025)).toBe(2.5);
    expect(shownValue('max_drawdown', 0.2)).toBe(20);
    expect(typedValue('risk_per_trade', 2.5)).toBe(0.025);
    expect(typedValue('partial_fill_probability', 10)).toBe(0.1);
    expect(typedValue('risk_per_trade', '')).toBe('');
  });

  it('leaves settings already in percent or in other units alone', () => {
    expect(shownValue('stop_loss_percentage', 2)).toBe(2);
    expect(shownValue('slippage_percent', 0.1)).toBe(0.1);
    expect(typedValue('rsi_buy_threshold', 30)).toBe(30);
  });

  it('scales the bounds, step and default of a fraction to percent', () => {
    const risk = { min: 0, max: 1, step: 0.005, default: 0.02, label: 'Risk' };
    expect(screenBounds('risk_per_trade', risk)).toEqual({
      min: 0,
      max: 100,
      step: 0.5,
      default: 2,
      label: 'Risk',
    });
    const rsi = { min: 0, max: 100, step: 1 };
    expect(screenBounds('rsi_buy_threshold', rsi)).toBe(rsi);
  });
});
