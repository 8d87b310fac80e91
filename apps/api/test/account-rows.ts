import type { Db } from '@tradebot/db';

const at = new Date('2026-01-06T15:00:00Z');

/**
 * One row of `userId` in every table that holds users' rows (those the sign-up and login made
 * are there already: users, sessions, subscriptions, one-time tokens, the outbox), and a
 * shared row (an Alpaca universe load, an import) that remembers the user's id.
 */
export async function seedEveryUserTable(db: Db, userId: number, tag: string): Promise<void> {
  const user = { userId };
  await db.brokerCredential.create({
    data: {
      ...user,
      environment: 'live',
      keyEnc: 'k',
      secretEnc: 's',
      keyMask: '*',
      secretMask: '*',
    },
  });
  const note = await db.notification.create({
    data: { ...user, message: `${tag} note`, status: 'completed', kind: 'fill' },
  });
  await db.alertSettings.create({ data: { ...user, emailEnabled: true } });
  await db.alertDelivery.create({
    data: {
      ...user,
      notificationId: note.id,
      channel: 'email',
      status: 'delivered',
      windowStart: at,
    },
  });
  await db.clientErrorReport.create({
    data: { ...user, errorId: `${tag}-err`, message: 'boom', userRef: 'abcd1234', ip: '10.1.1.1' },
  });
  await db.backtestListEntry.create({ data: { ...user, symbol: `${tag}Q` } });
  await db.optimizedParameter.create({ data: { ...user, symbol: `${tag}O`, parameters: {} } });
  await db.finalTradingListEntry.create({ data: { ...user, symbol: `${tag}F`, parameters: {} } });
  await db.finalListUndo.create({ data: { ...user, symbols: [`${tag}F`] } });
  await db.finalListVersion.create({ data: { ...user, at, entries: [], settings: {} } });
  await db.userBacktestSettings.create({ data: { ...user, settings: {} } });
  await db.userTradingSettings.create({ data: { ...user, settings: {} } });
  await db.screeningTemplate.create({ data: { ...user, name: `${tag} tpl`, criteria: {} } });
  await db.screenerRun.create({
    data: { ...user, universe: 'demo', criteria: {}, status: 'completed' },
  });
  const run = await db.backtestRun.create({
    data: { ...user, symbol: `${tag}Q`, batchId: 0, universe: 'demo', settings: {} },
  });
  await db.backtestResult.create({
    data: { ...user, symbol: `${tag}Q`, runId: run.id, result: {} },
  });
  await seedBroker(db, userId, tag);
  await seedBot(db, userId, tag);
  await db.alpacaUniverseLoad.create({
    data: { session: at, requestedBy: userId, keyUserId: userId, status: 'completed' },
  });
  await db.marketDataImport.create({ data: { requestedBy: userId, status: 'completed' } });
}

async function seedBroker(db: Db, userId: number, tag: string) {
  await db.simAccount.create({
    data: { userId, accountNumber: `SIM${userId}`, cash: 1000, rngState: 1n },
  });
  const order = await db.simOrder.create({
    data: {
      userId,
      clientOrderId: `${tag}-sim`,
      symbol: `${tag}B`,
      side: 'buy',
      type: 'market',
      timeInForce: 'day',
      qty: 1,
      status: 'filled',
      firstBar: at,
      submittedAt: at,
    },
  });
  await db.simPosition.create({ data: { userId, symbol: `${tag}B`, qty: 1, avgEntryPrice: 10 } });
  await db.simFill.create({
    data: {
      userId,
      orderId: order.id,
      symbol: `${tag}B`,
      side: 'buy',
      qty: 1,
      price: 10,
      commission: 0,
      time: at,
    },
  });
}

async function seedBot(db: Db, userId: number, tag: string) {
  const user = { userId };
  await db.botState.create({ data: { ...user, running: true, market: 'demo', mode: 'demo' } });
  await db.botOrder.create({
    data: {
      ...user,
      clientOrderId: `tb${userId}-${tag}B-20260106-e`,
      symbol: `${tag}B`,
      purpose: 'entry',
      side: 'buy',
      qty: 1,
      request: {},
      status: 'new',
      createdAt: at,
    },
  });
  await db.botSymbol.create({ data: { ...user, symbol: `${tag}B` } });
  await db.botFill.create({
    data: {
      ...user,
      brokerFillId: `${tag}-f`,
      brokerOrderId: 'o',
      symbol: `${tag}B`,
      side: 'buy',
      qty: 1,
      price: 10,
      time: at,
    },
  });
  await db.botTrade.create({
    data: {
      ...user,
      symbol: `${tag}B`,
      side: 'long',
      qty: 1,
      entryPrice: 10,
      exitPrice: 11,
      entryAt: at,
      exitAt: at,
      pnl: 1,
      exitFillId: `${tag}-x`,
    },
  });
  await db.botCashActivity.create({
    data: {
      ...user,
      brokerActivityId: `${tag}-d`,
      activityType: 'DIV',
      symbol: `${tag}B`,
      netAmount: 1,
      date: '2026-01-06',
    },
  });
  await db.botLog.create({ data: { ...user, at, level: 'info', message: `${tag} log` } });
  await db.botEquityPoint.create({ data: { ...user, at, equity: 1000 } });
}

/** Every public table with a user_id column, read from PostgreSQL (a new table is included). */
export async function userTables(db: Db): Promise<string[]> {
  const rows = await db.$queryRaw<{ table_name: string }[]>`
    SELECT table_name FROM information_schema.columns
    WHERE table_schema = 'public' AND column_name = 'user_id' ORDER BY table_name`;
  return rows.map((row) => row.table_name);
}

/** The user's rows per table, plus the rows elsewhere that name them (by id or address). */
export async function rowsOf(db: Db, userId: number, email: string) {
  const counts: Record<string, number> = {};
  for (const table of await userTables(db)) {
    const [row] = await db.$queryRawUnsafe<{ n: bigint }[]>(
      `SELECT count(*) AS n FROM "${table}" WHERE user_id = $1`,
      userId,
    );
    counts[table] = Number(row!.n);
  }
  const [users] = await db.$queryRaw<
    { n: bigint }[]
  >`SELECT count(*) AS n FROM users WHERE id = ${userId}`;
  const [mail] = await db.$queryRaw<{ n: bigint }[]>`
    SELECT count(*) AS n FROM mail_outbox WHERE lower("to") = lower(${email})`;
  const [loads] = await db.$queryRaw<{ n: bigint }[]>`
    SELECT count(*) AS n FROM alpaca_universe_loads WHERE requested_by = ${userId} OR key_user_id = ${userId}`;
  const [imports] = await db.$queryRaw<{ n: bigint }[]>`
    SELECT count(*) AS n FROM market_data_imports WHERE requested_by = ${userId}`;
  counts.users = Number(users!.n);
  counts.mail_outbox = Number(mail!.n);
  counts['alpaca_universe_loads (by id)'] = Number(loads!.n);
  counts['market_data_imports (by id)'] = Number(imports!.n);
  return counts;
}
