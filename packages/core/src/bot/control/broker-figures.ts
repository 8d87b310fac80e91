import { recordEquityPoint, storeAccountFigures } from '@tradebot/db';
import { isoFromDay, newYorkDayOf } from '@tradebot/market';
import type { BotAccount, BotDeps } from '../account.js';
import type { BotMarket } from '../market.js';
import { publishBotStatus, readBotStatus } from '../reads/status.js';

/**
 * Reads the broker's equity, cash and buying power and stores them on the bot's row, only while
 * it still has the running flag `state` was read with and trades `open.account`. The peak only
 * rises (the same marked equity the tick keeps its peak of: the drawdown stays one series); a new
 * New York day starts its P&L from the broker's previous-close equity, as a tick would. Once
 * stored, the equity curve gets its point and open dashboards the new status at once.
 */
export async function storeBrokerFigures(
  deps: BotDeps,
  userId: number,
  open: { m: BotMarket; account: BotAccount },
  state: { running: boolean; peakEquity: number | null; day: string | null },
): Promise<void> {
  const { m, account } = open;
  const figures = await m.broker.getAccount();
  const day = isoFromDay(newYorkDayOf(m.clock.now()));
  const stored = await storeAccountFigures(
    deps.db,
    userId,
    {
      equity: figures.equity,
      cash: figures.cash,
      buyingPower: figures.buyingPower,
      peakEquity: Math.max(state.peakEquity ?? figures.equity, figures.equity),
      ...(state.day !== day ? { day, dayStartEquity: figures.lastEquity ?? figures.equity } : {}),
    },
    { running: state.running, ...account },
  );
  if (!stored) return;
  await recordEquityPoint(deps.db, userId, new Date(m.clock.now()), figures.equity);
  await publishBotStatus(deps.events, userId, await readBotStatus(deps.db, userId));
}
