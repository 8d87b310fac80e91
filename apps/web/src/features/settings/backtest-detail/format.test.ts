import { describe, expect, it } from 'vitest';
import { fraction, parameterValue, ratio, signedMoney, signedPercent } from './format';

describe('format', () => {
  it('writes money with a sign and fractions and percents as people read them', () => {
    expect(signedMoney(1234.5)).toBe('+$1,234.50');
    expect(signedMoney(-80)).toBe('−$80.00');
    expect(signedMoney(0)).toBe('$0.00');
    expect(fraction(0.123)).toBe('12.3 %');
    expect(fraction(null)).toBe('–');
    expect(signedPercent(-4.26)).toBe('−4.3 %');
    expect(parameterValue(3.746026286894242)).toBe('3.75');
    expect(parameterValue(14)).toBe('14');
    expect(parameterValue(false)).toBe('No');
    expect(ratio(-2.019)).toBe('−2.02');
  });
});
