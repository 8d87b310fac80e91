import type { UserEvents } from './user-events.js';

/**
 * Tells the user's open dashboards that the settings the bot trades with changed (trading
 * settings, backtest settings, the Final Trading List): they read the config again. Best
 * effort: a Redis hiccup must not turn a saved change into an error.
 */
export async function publishConfigChanged(events: UserEvents, userId: number): Promise<void> {
  await events.publish(userId, { type: 'config' }).catch(() => undefined);
}
