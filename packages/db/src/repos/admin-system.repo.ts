import type { Db } from '../client.js';

/** What the admin's System tab reads from PostgreSQL: running bots and recent delivery errors. */

const owner = { select: { username: true, email: true } } as const;

/** Every running bot with its owner and the outcome of its last tick. */
export function listRunningBots(db: Db) {
  return db.botState.findMany({
    where: { running: true },
    orderBy: { userId: 'asc' },
    select: {
      userId: true,
      market: true,
      mode: true,
      lastTickAt: true,
      lastError: true,
      halted: true,
      haltReason: true,
      user: owner,
    },
  });
}

/** The newest order intents that carry the broker's (or the network's) last error. */
export function listRecentBrokerErrors(db: Db, limit: number) {
  return db.botOrder.findMany({
    where: { lastError: { not: null } },
    orderBy: { updatedAt: 'desc' },
    take: limit,
    select: {
      userId: true,
      symbol: true,
      side: true,
      status: true,
      lastError: true,
      updatedAt: true,
      user: owner,
    },
  });
}

/** The newest alert deliveries that failed or are being retried after an error. */
export function listRecentAlertErrors(db: Db, limit: number) {
  return db.alertDelivery.findMany({
    where: { lastError: { not: null } },
    orderBy: { id: 'desc' },
    take: limit,
    select: {
      userId: true,
      channel: true,
      status: true,
      lastError: true,
      claimedAt: true,
      windowStart: true,
      user: owner,
    },
  });
}
