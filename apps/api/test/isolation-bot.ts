import type { Db } from '@tradebot/db';

/** Step 8: alice's bot (state, log, fills, trades, indicators), which no one else may read. */
export async function seedAliceBot(db: Db, userId: number): Promise<void> {
  const at = new Date('2026-01-06T15:00:00Z');
  await db.botState.create({
    data: { userId, running: true, market: 'alpaca', mode: 'paper', equity: 987654.25 },
  });
  await db.botLog.create({
    data: { userId, at, level: 'info', message: 'Alice-bot-log' },
  });
  await db.botFill.create({
    data: {
      userId,
      brokerFillId: 'alice-fill',
      brokerOrderId: 'alice-order',
      symbol: 'ALICEB',
      side: 'buy',
      qty: 3,
      price: 123.45,
      time: at,
    },
  });
  await db.botTrade.create({
    data: {
      userId,
      symbol: 'ALICEB',
      side: 'long',
      qty: 3,
      entryPrice: 123.45,
      exitPrice: 130,
      entryAt: at,
      exitAt: at,
      pnl: 19.65,
      exitFillId: 'alice-exit',
    },
  });
  await db.botSymbol.create({
    data: { userId, symbol: 'ALICEB', lastPrice: 123.45, rsi: 31.515 },
  });
}

/** What of alice's bot must stay as it was. */
export async function aliceBot(db: Db, userId: number) {
  const where = { where: { userId } };
  return {
    state: await db.botState.findUnique(where),
    logs: await db.botLog.count(where),
    fills: await db.botFill.count(where),
    trades: await db.botTrade.count(where),
    orders: await db.botOrder.count(where),
  };
}
