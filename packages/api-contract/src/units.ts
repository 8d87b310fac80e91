/**
 * Settings the API holds as fractions of one (risk 0.02, drawdown 0.2, trailing stop 0.02, as the
 * spec's defaults give them) while every screen shows and takes them in percent (2 %), the unit
 * of stop-loss, take-profit and slippage. Only the forms convert; payloads keep the fractions.
 */
export const FRACTION_FIELDS = [
  'risk_per_trade',
  'risk_percentage',
  'max_drawdown',
  'trailing_stop_pct',
  'partial_fill_probability',
] as const;

const fractions = new Set<string>(FRACTION_FIELDS);

/** Whether a field is held as a fraction and shown in percent. */
export const isFractionField = (field: string): boolean => fractions.has(field);

/** 12 significant digits drop the float noise of ×100 and ÷100 (0.07 × 100 = 7.000000000000001). */
const clean = (value: number) => Number(value.toPrecision(12));

/** A value of `field` as the screen shows it: fractions in percent, the rest unchanged. */
export const toScreenUnits = (field: string, value: number): number =>
  isFractionField(field) ? clean(value * 100) : value;

/** A value typed on screen as the API holds it: percent back to a fraction, the rest unchanged. */
export const fromScreenUnits = (field: string, value: number): number =>
  isFractionField(field) ? clean(value / 100) : value;
