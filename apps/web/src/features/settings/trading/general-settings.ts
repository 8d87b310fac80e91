import type { TTradingSettings, TTradingSettingsInput } from '@tradebot/api-contract';

/** What the general settings form changed: a number, '' for an emptied input, a flag or a choice. */
export type GeneralDraft = Partial<Record<keyof TTradingSettings, number | boolean | string>>;

/**
 * The update-config body for the changed fields. An empty input becomes null, which
 * the server turns back into the default; fields left alone are not sent and keep their value.
 */
export function tradingInput(draft: GeneralDraft): TTradingSettingsInput {
  return Object.fromEntries(
    Object.entries(draft).map(([field, value]) => [field, value === '' ? null : value]),
  );
}
