import { z } from 'zod';
import { server } from '../messages.js';
import { isFractionField } from '../units.js';
import { ZStockParameters } from './stock-lists.schema.js';

/** One numeric general trading setting: its default and bounds, and what the form shows. */
interface NumericSetting {
  default: number;
  min: number;
  max: number;
  integer: boolean;
  label: string;
  step: number;
  description: string;
}

/**
 * "General trading settings" with the defaults and bounds (one definition: the schema,
 * the defaults, the form and the REST messages all read it). These are account-wide; a stock on
 * the Final Trading List trades with its own per-stock parameters where it has them.
 */
export const TRADING_NUMERIC_SETTINGS = {
  risk_percentage: {
    default: 0.02,
    min: 0,
    max: 1,
    integer: false,
    label: 'Risk per trade (% of equity)',
    step: 0.005,
    description:
      'How much of your equity one trade may lose if its stop is hit. The bot sizes each position from this and the stop distance.',
  },
  atr_multiplier: {
    default: 2,
    min: 0.1,
    max: 10,
    integer: false,
    label: 'ATR multiplier',
    step: 0.1,
    description:
      'Stop distance in Average True Ranges: larger values give a trade more room and buy fewer shares for the same risk.',
  },
  max_drawdown: {
    default: 0.2,
    min: 0,
    max: 1,
    integer: false,
    label: 'Maximum drawdown (% of equity)',
    step: 0.01,
    description:
      'If the account falls this far below its highest equity, the bot stops opening positions and tells you.',
  },
  sleep_interval: {
    default: 60,
    min: 1,
    max: 3600,
    integer: true,
    label: 'Check interval (seconds)',
    step: 1,
    description: 'Seconds between two checks of the market by the bot.',
  },
  max_order_retries: {
    default: 3,
    min: 0,
    max: 10,
    integer: true,
    label: 'Order retries',
    step: 1,
    description: 'How many times the bot retries an order the broker did not accept.',
  },
  order_timeout: {
    default: 10,
    min: 1,
    max: 60,
    integer: false,
    label: 'Order time-out (seconds)',
    step: 1,
    description:
      'Seconds the bot waits for an order to fill before it treats the rest as unfilled (see partial fills).',
  },
  retry_delay: {
    default: 1,
    min: 1,
    max: 60,
    integer: false,
    label: 'Retry delay (seconds)',
    step: 1,
    description: 'Seconds between two attempts of the same order.',
  },
  rsi_buy_threshold_long: {
    default: 30,
    min: 0,
    max: 100,
    integer: false,
    label: 'Long: RSI buy threshold',
    step: 1,
    description: 'Oversold level for longs: the RSI must have been below it recently before a buy.',
  },
  rsi_sell_threshold_long: {
    default: 70,
    min: 0,
    max: 100,
    integer: false,
    label: 'Long: RSI sell threshold',
    step: 1,
    description: 'Overbought level for longs: RSI crossing above it closes a long position.',
  },
  stop_loss_percentage_long: {
    default: 2,
    min: 0,
    max: 100,
    integer: false,
    label: 'Long: stop-loss (%)',
    step: 0.5,
    description: 'A long position is closed when the price falls this many percent below entry.',
  },
  take_profit_percentage_long: {
    default: 5,
    min: 0,
    max: 100,
    integer: false,
    label: 'Long: take-profit (%)',
    step: 0.5,
    description: 'A long position is closed when the price rises this many percent above entry.',
  },
  rsi_short_sell_threshold: {
    default: 70,
    min: 0,
    max: 100,
    integer: false,
    label: 'Short: RSI sell threshold',
    step: 1,
    description:
      'Overbought level for shorts: the RSI must have been above it recently before a short sale.',
  },
  rsi_short_buy_threshold: {
    default: 30,
    min: 0,
    max: 100,
    integer: false,
    label: 'Short: RSI buy threshold',
    step: 1,
    description: 'Oversold level for shorts: RSI crossing below it buys the short position back.',
  },
  short_stop_loss_percentage: {
    default: 2,
    min: 0,
    max: 100,
    integer: false,
    label: 'Short: stop-loss (%)',
    step: 0.5,
    description: 'A short position is closed when the price rises this many percent above entry.',
  },
  short_take_profit_percentage: {
    default: 5,
    min: 0,
    max: 100,
    integer: false,
    label: 'Short: take-profit (%)',
    step: 0.5,
    description: 'A short position is closed when the price falls this many percent below entry.',
  },
  short_atr_threshold: {
    default: 1.5,
    min: 0,
    max: 10,
    integer: false,
    label: 'Short: minimum ATR (% of price)',
    step: 0.1,
    description:
      'Shorts are only opened when the stock moves at least this much a day on average (ATR as a percent of the price).',
  },
} as const satisfies Record<string, NumericSetting>;

type NumericField = keyof typeof TRADING_NUMERIC_SETTINGS;
const NUMERIC_FIELDS = Object.keys(TRADING_NUMERIC_SETTINGS) as NumericField[];

/** The two MACD gates for longs and the partial-fill choice (the rest of the general settings). */
export const TRADING_FLAG_SETTINGS = {
  macd_crossover_long: {
    default: true,
    label: 'Long: wait for MACD crossover',
    description: 'Buy only when the MACD line crosses above its signal line.',
  },
  macd_crossunder_long: {
    default: true,
    label: 'Long: sell on MACD crossunder',
    description: 'Sell a long when the MACD line crosses below its signal line.',
  },
} as const;
type FlagField = keyof typeof TRADING_FLAG_SETTINGS;
const FLAG_FIELDS = Object.keys(TRADING_FLAG_SETTINGS) as FlagField[];

export const PARTIAL_FILL_HANDLING = ['cancel', 'accept'] as const;

function numeric(field: NumericField) {
  const { min, max, integer, label } = TRADING_NUMERIC_SETTINGS[field];
  const message = server.parameterBounds(label, min, max, isFractionField(field));
  const base = z.number(message).min(min, message).max(max, message);
  return integer ? base.int(message) : base;
}
const flag = (field: FlagField) => z.boolean(server.parameterFlag(field));
const partialFill = z.enum(PARTIAL_FILL_HANDLING, server.partialFillHandling);

/** "General trading settings" without per_stock_settings, every field present. */
export const ZTradingSettings = z.object({
  ...(Object.fromEntries(NUMERIC_FIELDS.map((f) => [f, numeric(f)])) as Record<
    NumericField,
    z.ZodNumber
  >),
  ...(Object.fromEntries(FLAG_FIELDS.map((f) => [f, flag(f)])) as Record<FlagField, z.ZodBoolean>),
  partial_fill_handling: partialFill,
});
export type TTradingSettings = z.infer<typeof ZTradingSettings>;

export const DEFAULT_TRADING_SETTINGS: TTradingSettings = {
  ...(Object.fromEntries(
    NUMERIC_FIELDS.map((f) => [f, TRADING_NUMERIC_SETTINGS[f].default]),
  ) as Record<NumericField, number>),
  ...(Object.fromEntries(FLAG_FIELDS.map((f) => [f, TRADING_FLAG_SETTINGS[f].default])) as Record<
    FlagField,
    boolean
  >),
  partial_fill_handling: 'cancel',
};

/** per_stock_settings: the Final Trading List's parameters keyed by symbol. */
export const ZPerStockSettings = z.record(z.string(), ZStockParameters);

/**
 * POST /api/update-config: `{ trading: {...} }`. Any subset of the
 * fields; null or an empty string means the default; a field left out keeps its saved
 * value. per_stock_settings, when sent, updates the parameters of stocks on the Final Trading List.
 * Unknown fields are refused by name.
 */
const emptyToNull = (value: unknown) => (value === '' ? null : value);
const optionalNumber = (f: NumericField) =>
  z.preprocess(emptyToNull, numeric(f).nullable().optional());
const optionalFlag = (f: FlagField) => z.preprocess(emptyToNull, flag(f).nullable().optional());
export const ZTradingSettingsInput = z.strictObject({
  ...(Object.fromEntries(NUMERIC_FIELDS.map((f) => [f, optionalNumber(f)])) as Record<
    NumericField,
    ReturnType<typeof optionalNumber>
  >),
  ...(Object.fromEntries(FLAG_FIELDS.map((f) => [f, optionalFlag(f)])) as Record<
    FlagField,
    ReturnType<typeof optionalFlag>
  >),
  partial_fill_handling: z.preprocess(emptyToNull, partialFill.nullable().optional()),
  per_stock_settings: ZPerStockSettings.optional(),
});
export type TTradingSettingsInput = z.infer<typeof ZTradingSettingsInput>;

export const ZUpdateConfigInput = z.strictObject({ trading: ZTradingSettingsInput });
export type TUpdateConfigInput = z.infer<typeof ZUpdateConfigInput>;

/** "Bot config" plus the full trading object: what GET /api/config returns. */
export const ZConfigOutput = z.object({
  trading: ZTradingSettings.extend({ per_stock_settings: ZPerStockSettings }),
  backtesting: z.object({ trailing_stop_pct: z.number() }),
});
export type TConfigOutput = z.infer<typeof ZConfigOutput>;

export const ZUpdateConfigOutput = z.object({ message: z.string(), config: ZConfigOutput });

/** The general trading settings form, in the order it shows the fields. */
export const TRADING_SETTING_FIELDS = {
  numeric: NUMERIC_FIELDS.map((field) => ({ field, ...TRADING_NUMERIC_SETTINGS[field] })),
  flags: FLAG_FIELDS.map((field) => ({ field, ...TRADING_FLAG_SETTINGS[field] })),
};
