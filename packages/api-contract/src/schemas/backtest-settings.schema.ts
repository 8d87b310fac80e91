import {
  BACKTEST_SETTINGS_BOUNDS,
  BACKTEST_SETTINGS_DEFAULTS,
  type BacktestSettings,
} from '@tradebot/strategy';
import { z } from 'zod';
import { server } from '../messages.js';
import { isFractionField } from '../units.js';

type Field = keyof BacktestSettings;
const FIELDS = Object.keys(BACKTEST_SETTINGS_BOUNDS) as Field[];

/** One input of the settings form: its label, bounds, step and what it does. */
export interface BacktestSettingField {
  field: Field;
  label: string;
  min: number;
  max: number;
  step: number;
  description: string;
}

const FORM: readonly Omit<BacktestSettingField, 'min' | 'max'>[] = [
  {
    field: 'initial_balance',
    label: 'Initial balance ($)',
    step: 1000,
    description: 'Cash the simulated account starts with.',
  },
  {
    field: 'period',
    label: 'Period (months)',
    step: 1,
    description: 'Months of history each backtest covers, up to the last completed session.',
  },
  {
    field: 'risk_per_trade',
    label: 'Risk per trade (% of equity)',
    step: 0.005,
    description: 'How much of the equity a trade may lose at its stop.',
  },
  {
    field: 'commission_per_share',
    label: 'Commission per share ($)',
    step: 0.001,
    description: 'Broker commission charged on every share bought or sold.',
  },
  {
    field: 'slippage_percent',
    label: 'Slippage (%)',
    step: 0.05,
    description: 'How much worse than the quoted price each fill is assumed to be.',
  },
  {
    field: 'partial_fill_probability',
    label: 'Partial fill probability (%)',
    step: 0.05,
    description: 'Chance that an order fills only in part (10 % = one order in ten).',
  },
  {
    field: 'trailing_stop_pct',
    label: 'Trailing stop (%)',
    step: 0.005,
    description: 'Distance of the trailing stop below the best price since entry, in percent.',
  },
];

/** One setting within its bounds; `period` is whole months. */
function setting(field: Field) {
  const { min, max } = BACKTEST_SETTINGS_BOUNDS[field];
  const label = FORM.find((entry) => entry.field === field)?.label ?? field;
  const message =
    field === 'period'
      ? server.periodBounds(min, max)
      : server.parameterBounds(label, min, max, isFractionField(field));
  const base = z.number(message).min(min, message).max(max, message);
  return field === 'period' ? base.int(message) : base;
}

const shape = Object.fromEntries(FIELDS.map((f) => [f, setting(f)])) as Record<Field, z.ZodNumber>;

/** "Backtest settings", every field present and within bounds. */
export const ZBacktestSettings = z.object(shape);
export type TBacktestSettings = z.infer<typeof ZBacktestSettings>;

/**
 * What Save Backtesting Settings sends: any subset of the fields. An empty input becomes null
 *, and null means "the default" (as saving general trading settings does); a field
 * left out keeps its saved value. Unknown fields are refused by name.
 */
export const ZBacktestSettingsInput = z.strictObject(
  Object.fromEntries(FIELDS.map((f) => [f, setting(f).nullable().optional()])) as Record<
    Field,
    z.ZodOptional<z.ZodNullable<z.ZodNumber>>
  >,
);
export type TBacktestSettingsInput = z.infer<typeof ZBacktestSettingsInput>;

export const ZSaveBacktestSettingsOutput = z.object({
  message: z.string(),
  settings: ZBacktestSettings,
});

/** The product's defaults satisfy the schema (checked by the compiler). */
export const DEFAULT_BACKTEST_SETTINGS: TBacktestSettings = BACKTEST_SETTINGS_DEFAULTS;

/** The settings form's fields, in the order the form shows them. */
export const BACKTEST_SETTING_FIELDS: readonly BacktestSettingField[] = FORM.map((entry) => ({
  ...entry,
  ...BACKTEST_SETTINGS_BOUNDS[entry.field],
}));
