import type { Db } from '@tradebot/db';
import type { Reply, TestApi } from './harness.js';

type Call = (token: string) => Promise<Reply>;
type Trpc = (path: string, kind: 'query' | 'mutation', input?: unknown) => Call;

/** Alice's bot (state, log, fills, trades, indicators), which no one else may read. */
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
  // An entry waiting for the next open: no one else may see or cancel it.
  await db.botOrder.create({
    data: {
      userId,
      clientOrderId: 'alice-entry',
      symbol: 'ALICEB',
      purpose: 'entry',
      side: 'buy',
      qty: 3,
      request: { type: 'market', timeInForce: 'opg' },
      status: 'new',
      createdAt: at,
    },
  });
  await db.botCashActivity.create({
    data: {
      userId,
      brokerActivityId: 'alice-div',
      activityType: 'DIV',
      symbol: 'ALICEB',
      netAmount: 4.56,
      date: '2026-01-06',
    },
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
    orders: await db.botOrder.findMany({ ...where, select: { clientOrderId: true, status: true } }),
    cash: await db.botCashActivity.count(where),
  };
}

/**
 * The bot's REST paths, each called with another user's token (isolation.int.test.ts); the
 * harness is read at call time (it starts in beforeAll).
 */
export const botPaths = (harness: () => TestApi): Record<string, Call> => ({
  'POST /api/start': (t) => harness().http.post('/api/start', {}, t),
  'POST /api/stop': (t) => harness().http.post('/api/stop', {}, t),
  'POST /api/restart': (t) => harness().http.post('/api/restart', {}, t),
  'GET /api/bot/status': (t) => harness().http.get('/api/bot/status', t),
  'POST /api/kill-switch': (t) => harness().http.post('/api/kill-switch', {}, t),
  'POST /api/manual-sell/:symbol': (t) => harness().http.post('/api/manual-sell/ALICEQ', {}, t),
  'GET /api/positions': (t) => harness().http.get('/api/positions', t),
  'GET /api/tracked-symbols': (t) => harness().http.get('/api/tracked-symbols', t),
  'GET /api/historical-performance': (t) => harness().http.get('/api/historical-performance', t),
  'GET /api/logs': (t) => harness().http.get('/api/logs', t),
  'GET /api/bot/chart/:symbol': (t) => harness().http.get('/api/bot/chart/ALICEQ', t),
  'GET /api/get-live-log': (t) => harness().http.get('/api/get-live-log', t),
  'GET /api/bot/trades.csv': (t) => harness().http.get('/api/bot/trades.csv', t),
  'GET /api/bot/twin': (t) => harness().http.get('/api/bot/twin', t),
  'GET /api/bot/twin.csv': (t) => harness().http.get('/api/bot/twin.csv', t),
  'GET /api/bot/account-history': (t) => harness().http.get('/api/bot/account-history', t),
  'GET /api/bot/open-orders': (t) => harness().http.get('/api/bot/open-orders', t),
  'POST /api/bot/open-orders/cancel': (t) =>
    harness().http.post('/api/bot/open-orders/cancel', { client_order_id: 'alice-entry' }, t),
});

/** The bot's procedures, as the web app calls them. */
export const botProcedures = (trpc: Trpc): Record<string, Call> => ({
  'bot.start': trpc('bot.start', 'mutation'),
  'bot.stop': trpc('bot.stop', 'mutation'),
  'bot.restart': trpc('bot.restart', 'mutation'),
  'bot.status': trpc('bot.status', 'query'),
  'bot.killSwitch': trpc('bot.killSwitch', 'mutation'),
  'bot.manualSell': trpc('bot.manualSell', 'mutation', { symbol: 'ALICEB' }),
  'bot.positions': trpc('bot.positions', 'query'),
  'bot.trackedSymbols': trpc('bot.trackedSymbols', 'query'),
  'bot.historicalPerformance': trpc('bot.historicalPerformance', 'query'),
  'bot.trades': trpc('bot.trades', 'query'),
  'bot.twin': trpc('bot.twin', 'query', {}),
  'bot.logs': trpc('bot.logs', 'query'),
  'bot.liveLog': trpc('bot.liveLog', 'query'),
  'bot.chart': trpc('bot.chart', 'query', { symbol: 'ALICEB' }),
  'bot.accountHistory': trpc('bot.accountHistory', 'query'),
  'bot.openOrders': trpc('bot.openOrders', 'query'),
  'bot.cancelOpenOrder': trpc('bot.cancelOpenOrder', 'mutation', {
    client_order_id: 'alice-entry',
  }),
});
