import type { TBotStatus } from '@tradebot/api-contract';
import { findBotState, type BotStateRow, type Db } from '@tradebot/db';
import type { UserEvents } from '../../events/user-events.js';
import { cents } from '../cents.js';
import { logIgnored } from '../log-ignored.js';

/**
 * The bot status from bot_states: the running flag, where it trades, and the last
 * tick's snapshot with daily_pnl = equity − the day's starting equity and drawdown_pct =
 * (peak − equity) / peak × 100.
 */
export function toBotStatus(row: BotStateRow | null): TBotStatus {
  const equity = row?.equity ?? null;
  const dayStart = row?.dayStartEquity ?? null;
  const peak = row?.peakEquity ?? null;
  return {
    status: row?.running ? 'running' : 'stopped',
    mode: (row?.mode as TBotStatus['mode']) ?? null,
    equity,
    cash: row?.cash ?? null,
    buying_power: row?.buyingPower ?? null,
    last_activity: row?.lastActivity?.toISOString() ?? null,
    daily_pnl: equity !== null && dayStart !== null ? cents(equity - dayStart) : null,
    drawdown_pct:
      equity !== null && peak !== null && peak > 0
        ? Math.max(0, (peak - equity) / peak) * 100
        : null,
    halted: row?.halted ?? false,
    halt_reason: row?.haltReason ?? null,
    last_tick_at: row?.lastTickAt?.toISOString() ?? null,
    last_error: row?.lastError ?? null,
  };
}

export async function readBotStatus(db: Db, userId: number): Promise<TBotStatus> {
  return toBotStatus(await findBotState(db, userId));
}

/**
 * Tells the user's open dashboards the new status (websocket `update`). Best effort: a Redis
 * hiccup must not turn a done Start or kill switch into an error; the dashboard also polls.
 */
export async function publishBotStatus(
  events: UserEvents,
  userId: number,
  status: TBotStatus,
): Promise<void> {
  const data: Record<string, unknown> = {
    status: status.status,
    last_activity: status.last_activity,
  };
  for (const key of ['equity', 'cash', 'buying_power', 'daily_pnl', 'drawdown_pct'] as const)
    if (status[key] !== null) data[key] = status[key];
  try {
    await events.publish(userId, { type: 'update', data });
  } catch (error) {
    // Nothing more to do: the next tick or poll shows the same status.
    logIgnored(userId, 'status update not published', error);
  }
}
