import { describe, expect, it } from 'vitest';
import {
  holdingLabel,
  marketStatusLabel,
  modeLabel,
  money,
  percent,
  pnlColor,
  quantity,
  reasonLabel,
  signedMoney,
} from './bot-format';

describe('bot figures', () => {
  it('writes money with a real minus sign and a dash when unknown', () => {
    expect(money(1234.5)).toBe('$1,234.50');
    expect(money(-80)).toBe('−$80.00');
    expect(money(null)).toBe('–');
    expect(money(Number.NaN)).toBe('–');
    expect(signedMoney(12)).toBe('+$12.00');
    expect(signedMoney(-3.5)).toBe('−$3.50');
    expect(signedMoney(0)).toBe('$0.00');
  });

  it('writes percentages that are already percent', () => {
    expect(percent(3.456)).toBe('3.46 %');
    expect(percent(-1.2, 1)).toBe('−1.2 %');
    expect(percent(null)).toBe('–');
  });

  it('colours gains and losses only', () => {
    expect(pnlColor(5)).toBe('teal');
    expect(pnlColor(-5)).toBe('red');
    expect(pnlColor(0)).toBeUndefined();
    expect(pnlColor(null)).toBeUndefined();
  });

  it('names the market status, holdings and modes as the spec does', () => {
    expect(marketStatusLabel(true)).toBe('Open');
    expect(marketStatusLabel(false)).toBe('Closed');
    expect(marketStatusLabel(null)).toBe('Unknown');
    expect(marketStatusLabel(undefined)).toBe('Unknown');
    expect(holdingLabel(12)).toBe('Holding');
    expect(holdingLabel(-3)).toBe('Holding');
    expect(holdingLabel(0)).toBe('Watching');
    expect(modeLabel('live')).toBe('Live (real money)');
    expect(modeLabel(null)).toBe('Not started yet');
  });

  it('writes quantities and reasons', () => {
    expect(quantity(-3)).toBe('−3');
    expect(quantity(1200)).toBe('1,200');
    expect(reasonLabel('trailing_stop')).toBe('Trailing stop');
    expect(reasonLabel(null)).toBe('–');
  });
});
