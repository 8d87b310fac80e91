import { botStateForFigures } from '@tradebot/db';
import { BrokerError } from '@tradebot/market';
import type { BotAccount, BotDeps } from '../account.js';
import { tryBotLock } from '../engine/lock.js';
import type { BotMarket } from '../market.js';
import { logIgnored } from '../log-ignored.js';
import { storeBrokerFigures } from './broker-figures.js';

/**
 * A running bot's account figures once a read (positions, performance) has synced new fills:
 * the broker's equity, cash and buying power are stored and sent to open dashboards at once, so
 * a position that just filled never shows beside the cash it was bought with until the next
 * tick (a minute away by default; a whole session on the demo market). Only when the tick lock
 * is free: a tick holding it stores its own figures. The drawdown halt stays the tick's to decide
 * and announce. Best effort: a broker refusal leaves the tick's figures.
 */
export async function refreshRunningFigures(
  deps: BotDeps,
  userId: number,
  open: { m: BotMarket; account: BotAccount },
): Promise<void> {
  const release = await tryBotLock(deps.db, userId);
  if (release === null) return;
  try {
    const state = await botStateForFigures(deps.db, userId);
    if (state === null || !state.running) return;
    await storeBrokerFigures(deps, userId, open, state);
  } catch (error) {
    if (!(error instanceof BrokerError)) throw error;
    logIgnored(userId, 'running bot: figures not refreshed after a read', error);
  } finally {
    await release();
  }
}
