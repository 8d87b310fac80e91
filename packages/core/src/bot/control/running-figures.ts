import { recordEquityPoint, stoppedBotState, storeRunningFigures } from '@tradebot/db';
import { BrokerError, isoFromDay, newYorkDayOf } from '@tradebot/market';
import type { BotAccount, BotDeps } from '../account.js';
import { tryBotLock } from '../engine/lock.js';
import type { BotMarket } from '../market.js';
import { publishBotStatus, readBotStatus } from '../reads/status.js';
import { logIgnored } from '../log-ignored.js';

/**
 * A running bot's account figures once a read (positions, performance) has synced new fills:
 * the broker's equity, cash and buying power are stored and sent to open dashboards at once, so
 * a position that just filled never shows beside the cash it was bought with until the next
 * tick (a minute away by default; a whole session on the demo market). Only when the tick lock
 * is free: a tick holding it stores its own figures. The peak only rises, a new New York day
 * starts its P&L from the broker's previous close as the tick would, and the drawdown halt stays
 * the tick's to decide and announce. Best effort: a broker refusal leaves the tick's figures.
 */
export async function refreshRunningFigures(
  deps: BotDeps,
  userId: number,
  open: { m: BotMarket; account: BotAccount },
): Promise<void> {
  const release = await tryBotLock(deps.db, userId);
  if (release === null) return;
  try {
    const state = await stoppedBotState(deps.db, userId);
    if (state === null || !state.running) return;
    const figures = await open.m.broker.getAccount();
    const day = isoFromDay(newYorkDayOf(open.m.clock.now()));
    const stored = await storeRunningFigures(deps.db, userId, open.account, {
      equity: figures.equity,
      cash: figures.cash,
      buyingPower: figures.buyingPower,
      peakEquity: Math.max(state.peakEquity ?? figures.equity, figures.equity),
      ...(state.day !== day ? { day, dayStartEquity: figures.lastEquity ?? figures.equity } : {}),
    });
    if (!stored) return;
    await recordEquityPoint(deps.db, userId, new Date(open.m.clock.now()), figures.equity);
    await publishBotStatus(deps.events, userId, await readBotStatus(deps.db, userId));
  } catch (error) {
    if (!(error instanceof BrokerError)) throw error;
    logIgnored(userId, 'running bot: figures not refreshed after a read', error);
  } finally {
    await release();
  }
}
