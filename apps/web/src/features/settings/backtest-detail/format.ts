import { toScreenUnits } from '@tradebot/api-contract';

/** How the detail view writes figures: money with a sign, fractions as percents, dashes for none. */

const money2 = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** 1234.5 → "+$1,234.50"; −80 → "−$80.00" (a real minus sign). */
export function signedMoney(value: number): string {
  const text = money2.format(Math.abs(value));
  if (value > 0) return `+${text}`;
  return value < 0 ? `−${text}` : text;
}

/** A price or an amount without a sign: 187.2 → "$187.20". */
export const money = (value: number) => money2.format(value);

/** 0.123 → "12.3 %"; null → "–". */
export function fraction(value: number | null): string {
  return value === null ? '–' : `${(value * 100).toFixed(1)} %`;
}

/** 12.34 (already a percent) → "+12.3 %". */
export function signedPercent(value: number): string {
  const sign = value > 0 ? '+' : value < 0 ? '−' : '';
  return `${sign}${Math.abs(value).toFixed(1)} %`;
}

/** A ratio such as Sharpe to two decimals; null → "–". */
export function ratio(value: number | null): string {
  if (value === null) return '–';
  return value < 0 ? `−${(-value).toFixed(2)}` : value.toFixed(2);
}

/** A count; null → "–". */
export function count(value: number | null): string {
  return value === null ? '–' : String(value);
}

/** A parameter as the table shows it: 3.746026 → "3.75", 14 → "14", true → "Yes". */
export function parameterValue(value: number | boolean, field = ''): string {
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return toScreenUnits(field, value).toLocaleString('en-US', {
    maximumFractionDigits: 2,
    useGrouping: false,
  });
}
