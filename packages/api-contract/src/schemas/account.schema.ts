import { z } from 'zod';
import { ZMarketName } from './common.schema.js';

export const ZTradingEnvironment = z.enum(['paper', 'live']);
export type TTradingEnvironment = z.infer<typeof ZTradingEnvironment>;

/**
 * A credential field of the save payload: a string sets it (trimmed; empty means "unchanged"),
 * `null` clears the saved value, absent leaves it as it is.
 */
const ZCredentialField = z
  .string()
  .max(256, 'API keys are at most 256 characters.')
  .transform((value) => value.trim())
  .transform((value) => (value === '' ? undefined : value))
  .nullish();

export const ZUpdateAccountSettingsInput = z.object({
  alpaca_environment: ZTradingEnvironment.default('paper'),
  alpaca_api_key_paper: ZCredentialField,
  alpaca_api_secret_paper: ZCredentialField,
  alpaca_api_key_live: ZCredentialField,
  alpaca_api_secret_live: ZCredentialField,
});
export type TUpdateAccountSettingsInput = z.infer<typeof ZUpdateAccountSettingsInput>;

export const ZAccountSettingsOutput = z.object({
  paper_key_mask: z.string().nullable(),
  paper_secret_mask: z.string().nullable(),
  live_key_mask: z.string().nullable(),
  live_secret_mask: z.string().nullable(),
  alpaca_environment: ZTradingEnvironment,
  /** The active market (MARKET_SOURCE=demo makes it `demo` for everyone). */
  market: ZMarketName,
});
export type TAccountSettingsOutput = z.infer<typeof ZAccountSettingsOutput>;

export const ZUpdateAccountSettingsOutput = ZAccountSettingsOutput.extend({
  message: z.string(),
  is_onboarded: z.literal(true),
});
export type TUpdateAccountSettingsOutput = z.infer<typeof ZUpdateAccountSettingsOutput>;

/** POST /api/use-demo-market (ours): "Use the demo market" in account settings. */
export const ZUseDemoMarketOutput = z.object({
  market: z.literal('demo'),
  is_onboarded: z.literal(true),
});
export type TUseDemoMarketOutput = z.infer<typeof ZUseDemoMarketOutput>;

/** GET /api/get-market-status: null is "Unknown" (no keys, Alpaca unreachable). */
export const ZMarketStatusOutput = z.object({
  is_open: z.boolean().nullable(),
  /** The clock's market time, its next open or close, and market ms per wall ms (1 on Alpaca). */
  market_time: z.string().optional(),
  next_change: z.string().optional(),
  speed: z.number().optional(),
});
export type TMarketStatusOutput = z.infer<typeof ZMarketStatusOutput>;

/** All but the last 4 characters as stars (fully starred if 4 or fewer). */
export function maskSecret(value: string): string {
  if (value.length <= 4) return '*'.repeat(value.length);
  return '*'.repeat(value.length - 4) + value.slice(-4);
}

/** An entered key or secret to test: trimmed; empty means "use the saved one". */
const ZEnteredCredential = z
  .string()
  .max(256, 'API keys are at most 256 characters.')
  .transform((value) => value.trim())
  .transform((value) => (value === '' ? undefined : value))
  .optional();

/**
 * POST /api/account/test-connection (ours): fetches the Alpaca account with the entered key and
 * secret, else the saved pair of `environment` (default: the user's current mode).
 */
export const ZTestConnectionInput = z
  .object({
    environment: ZTradingEnvironment.optional(),
    key: ZEnteredCredential,
    secret: ZEnteredCredential,
  })
  .default({});
export type TTestConnectionInput = z.infer<typeof ZTestConnectionInput>;

export const ZTestConnectionOutput = z.object({
  /** Alpaca's account status, e.g. "ACTIVE". */
  status: z.string(),
  buying_power: z.number(),
  /** All but the last 4 characters starred. */
  account_number: z.string(),
  environment: ZTradingEnvironment,
});
export type TTestConnectionOutput = z.infer<typeof ZTestConnectionOutput>;
