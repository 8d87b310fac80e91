/**
 * Money as an API answer shows it: rounded to cents, halves away from zero (1.005 → 1.01 though
 * its binary value is a hair below); storage keeps full precision.
 */
export function cents(value: number): number {
  const rounded = (Math.sign(value) * Math.round(Math.abs(value) * 100 + 1e-7)) / 100;
  return rounded === 0 ? 0 : rounded;
}

export function centsOrNull(value: number | null): number | null {
  return value === null ? null : cents(value);
}
