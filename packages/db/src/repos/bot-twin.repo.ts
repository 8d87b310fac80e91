import type { Queryable } from '../client.js';

/** The bot's entry and exit intents since `since`: what the live twin explains misses with. */
export async function twinOrderIntents(db: Queryable, userId: number, since: Date) {
  return db.botOrder.findMany({
    where: { userId, purpose: { in: ['entry', 'exit'] }, createdAt: { gte: since } },
    orderBy: { id: 'asc' },
    select: {
      symbol: true,
      purpose: true,
      side: true,
      decidedOn: true,
      status: true,
      qty: true,
      filledQty: true,
    },
  });
}

/** When the bot last started and stopped, its equity then, and whether it is halted. */
export async function twinBotRun(db: Queryable, userId: number) {
  return db.botState.findUnique({
    where: { userId },
    select: {
      running: true,
      market: true,
      mode: true,
      startedAt: true,
      stoppedAt: true,
      startEquity: true,
      halted: true,
    },
  });
}
