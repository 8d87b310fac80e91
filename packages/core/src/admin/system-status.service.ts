import type { TAdminBot, TAdminSystem } from '@tradebot/api-contract';
import {
  listRecentAlertErrors,
  listRecentBrokerErrors,
  listRunningBots,
  type Db,
} from '@tradebot/db';
import { CALENDAR_MS_PER_TRADING_DAY, type DemoClock } from '@tradebot/market';
import type { ServiceDeps } from '../deps.js';
import { queueHealth, workerClients, workerProcesses } from './queue-health.js';

/** How many recent broker and alert errors the tab lists. */
const RECENT_ERRORS = 20;

type BotRow = Awaited<ReturnType<typeof listRunningBots>>[number];

function botView(row: BotRow): TAdminBot {
  const outcome = row.halted
    ? 'halted'
    : row.lastError !== null
      ? 'failed'
      : row.lastTickAt === null
        ? 'waiting'
        : 'ok';
  return {
    user_id: row.userId,
    username: row.user.username,
    email: row.user.email || null,
    market: row.market,
    mode: row.mode,
    last_tick_at: row.lastTickAt?.toISOString() ?? null,
    outcome,
    detail: row.halted ? row.haltReason : row.lastError,
  };
}

async function recentErrors(db: Db) {
  const [orders, alerts] = await Promise.all([
    listRecentBrokerErrors(db, RECENT_ERRORS),
    listRecentAlertErrors(db, RECENT_ERRORS),
  ]);
  return {
    broker_errors: orders.map((row) => ({
      user_id: row.userId,
      username: row.user.username,
      symbol: row.symbol,
      side: row.side,
      status: row.status,
      error: row.lastError ?? '',
      at: row.updatedAt.toISOString(),
    })),
    alert_errors: alerts.map((row) => ({
      user_id: row.userId,
      username: row.user.username,
      channel: row.channel,
      status: row.status,
      error: row.lastError ?? '',
      at: (row.claimedAt ?? row.windowStart).toISOString(),
    })),
  };
}

/** The demo clock as every process of the deployment shows it (demo-clock-origin.ts). */
export function demoClockView(clock: DemoClock): TAdminSystem['demo_clock'] {
  const iso = (ms: number) => new Date(ms).toISOString();
  return {
    market_time: iso(clock.now()),
    speed: clock.speed,
    trading_days_per_minute: (clock.speed * 60_000) / CALENDAR_MS_PER_TRADING_DAY,
    is_open: clock.isOpen(),
    next_open: iso(clock.nextOpen()),
    next_close: iso(clock.nextClose()),
  };
}

/**
 * The admin's System tab: worker processes and queues from Redis, running bots and recent
 * broker and alert errors from PostgreSQL, and the demo clock. Queue ages are wall time (jobs
 * are stamped with it); bot ticks are on each bot's own market clock.
 */
export function systemStatusService(deps: Pick<ServiceDeps, 'db' | 'now' | 'queues' | 'market'>) {
  const { db, queues } = deps;

  async function status(): Promise<TAdminSystem> {
    const now = deps.now().getTime();
    const clients = await Promise.all(queues.map(workerClients));
    const listable = clients.every((list) => list !== null);
    const [queueRows, bots, errors] = await Promise.all([
      Promise.all(queues.map((queue, i) => queueHealth(queue, clients[i] ?? null, now))),
      listRunningBots(db),
      recentErrors(db),
    ]);
    return {
      workers: listable
        ? workerProcesses(
            queues.map((queue, i) => ({ queue: queue.name, clients: clients[i] ?? [] })),
          )
        : null,
      queues: queueRows,
      bots: bots.map(botView),
      ...errors,
      demo_clock: demoClockView(deps.market.demo.clock),
    };
  }

  return { systemStatus: status };
}
