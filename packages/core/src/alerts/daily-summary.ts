import {
  createNotification,
  dailySummaryFigures,
  takeSummarySession,
  usersWithDailySummary,
} from '@tradebot/db';
import { isoFromDay, newYorkDayOf, sessionOf } from '@tradebot/market';
import type { ServiceDeps } from '../deps.js';

export const summaryText = (
  session: string,
  f: { trades: number; pnl: number; equity: number | null; openPositions: number },
) =>
  `Session ${session} closed: ${f.trades} trade${f.trades === 1 ? '' : 's'}, P&L ${f.pnl >= 0 ? '+' : ''}${f.pnl.toFixed(2)}, equity ${f.equity === null ? 'unknown' : f.equity.toFixed(2)}, ${f.openPositions} open position${f.openPositions === 1 ? '' : 's'}.`;

/**
 * The daily summary of each user who wants one, once per session, after that session's close
 * on the clock of the user's market (the demo clock for the demo market, real time for
 * Alpaca). Taking the session (alert_settings.summary_session) and writing the notification
 * are separate steps: a crash between them loses one summary rather than sending two.
 */
export async function writeDailySummaries(
  deps: Pick<ServiceDeps, 'db' | 'market'>,
): Promise<number> {
  let written = 0;
  for (const user of await usersWithDailySummary(deps.db)) {
    const probe = await dailySummaryFigures(deps.db, user.userId, new Date(0), new Date(0));
    if (probe.market === null) continue; // the bot never ran: nothing to sum up
    const now = probe.market === 'demo' ? deps.market.demo.clock.now() : Date.now();
    const session = sessionOf(newYorkDayOf(now));
    if (session === null || now < session.close) continue;
    const iso = isoFromDay(session.day);
    if (user.summarySession !== null && user.summarySession >= iso) continue;
    if (!(await takeSummarySession(deps.db, user.userId, iso))) continue;
    const figures = await dailySummaryFigures(
      deps.db,
      user.userId,
      new Date(session.open),
      new Date(session.close),
    );
    await createNotification(
      deps.db,
      user.userId,
      summaryText(iso, figures),
      'info',
      'daily_summary',
    );
    written += 1;
  }
  return written;
}
