import {
  DEFAULT_BACKTEST_SETTINGS,
  ui,
  ZBacktestSettings,
  type TBacktestSettings,
  type TBacktestSettingsInput,
} from '@tradebot/api-contract';
import { findBacktestSettings, saveBacktestSettings } from '@tradebot/db';
import { publishConfigChanged } from '../events/config-changed.js';
import type { ServiceDeps } from '../deps.js';
import type { SessionInfo } from '../types.js';

/**
 * Backtest settings from their stored document (null: none saved). A stored value that no longer
 * fits the schema (bounds changed) falls back to its default, field by field, so one stale value
 * never hides the rest.
 */
export function backtestSettingsOf(stored: unknown): TBacktestSettings {
  const saved = stored as Record<string, unknown> | null;
  const settings = { ...DEFAULT_BACKTEST_SETTINGS };
  for (const field of Object.keys(settings) as (keyof TBacktestSettings)[]) {
    const parsed = ZBacktestSettings.shape[field].safeParse(saved?.[field]);
    if (parsed.success) settings[field] = parsed.data;
  }
  return settings;
}

/**
 * The user's backtest settings. `events` (the API's): a save tells the user's open dashboards
 * (the trailing stop shown).
 */
export function backtestSettingsService(
  deps: Pick<ServiceDeps, 'db'> & Partial<Pick<ServiceDeps, 'events'>>,
) {
  const { db } = deps;

  const current = async (userId: number) =>
    backtestSettingsOf(await findBacktestSettings(db, userId));

  return {
    get: (session: SessionInfo) => current(session.userId),

    /** A user's settings without a session (the bot, the demo broker). */
    forUser: (userId: number) => current(userId),

    /** Saves the fields sent (null: back to the default); the others keep their saved values. */
    async save(session: SessionInfo, input: TBacktestSettingsInput) {
      const settings = await current(session.userId);
      for (const [field, value] of Object.entries(input) as [
        keyof TBacktestSettings,
        number | null | undefined,
      ][]) {
        if (value === undefined) continue;
        settings[field] = value ?? DEFAULT_BACKTEST_SETTINGS[field];
      }
      await saveBacktestSettings(db, session.userId, settings);
      if (deps.events) await publishConfigChanged(deps.events, session.userId);
      return { message: ui.backtestSettingsSaved, settings };
    },
  };
}
