import type {
  SimBrokerStore,
  SimChanges,
  SimFill,
  SimLedger,
  SimOrder,
  SimPosition,
} from '@tradebot/market/sim-ledger';
import type { Db, DbTx } from '../client.js';

/**
 * The simulated broker's storage (migration 20261124000100_sim_broker): it implements
 * `SimBrokerStore`, the port packages/market defines with its shapes (demo/sim-ledger.ts, imported
 * as types only), and core passes `simBrokerStore(db)` to the `SimBroker`.
 * Every change is one transaction holding the account row's lock (`SELECT … FOR UPDATE`), so a
 * user's requests settle one after the other and a fill is written with its cash and position or
 * not at all. Times are ms since the epoch.
 */
const ORDER_SELECT = {
  id: true,
  clientOrderId: true,
  symbol: true,
  side: true,
  type: true,
  timeInForce: true,
  qty: true,
  filledQty: true,
  filledAvgPrice: true,
  limitPrice: true,
  stopPrice: true,
  trail: true,
  extreme: true,
  bracketStopAt: true,
  bracketTargetAt: true,
  bracketTrail: true,
  parentId: true,
  status: true,
  firstBar: true,
  submittedAt: true,
  filledAt: true,
  endedAt: true,
} as const;

interface OrderRow {
  id: string;
  clientOrderId: string;
  symbol: string;
  side: string;
  type: string;
  timeInForce: string;
  qty: number;
  filledQty: number;
  filledAvgPrice: number | null;
  limitPrice: number | null;
  stopPrice: number | null;
  trail: number | null;
  extreme: number | null;
  bracketStopAt: number | null;
  bracketTargetAt: number | null;
  bracketTrail: number | null;
  parentId: string | null;
  status: string;
  firstBar: Date;
  submittedAt: Date;
  filledAt: Date | null;
  endedAt: Date | null;
}

function toRecord(r: OrderRow): SimOrder {
  return {
    id: r.id,
    clientOrderId: r.clientOrderId,
    symbol: r.symbol,
    side: r.side as SimOrder['side'],
    type: r.type as SimOrder['type'],
    timeInForce: r.timeInForce as SimOrder['timeInForce'],
    qty: r.qty,
    filledQty: r.filledQty,
    filledAvgPrice: r.filledAvgPrice,
    limitPrice: r.limitPrice,
    stopPrice: r.stopPrice,
    trail: r.trail,
    extreme: r.extreme,
    bracket:
      r.bracketStopAt === null || r.bracketTargetAt === null
        ? null
        : {
            stopLossAt: r.bracketStopAt,
            takeProfitAt: r.bracketTargetAt,
            trail: r.bracketTrail ?? 0,
          },
    parentId: r.parentId,
    status: r.status as SimOrder['status'],
    firstBar: r.firstBar.getTime(),
    submittedAt: r.submittedAt.getTime(),
    filledAt: r.filledAt?.getTime() ?? null,
    endedAt: r.endedAt?.getTime() ?? null,
  };
}

function toRow(userId: number, o: SimOrder) {
  const date = (ms: number | null) => (ms === null ? null : new Date(ms));
  return {
    userId,
    clientOrderId: o.clientOrderId,
    symbol: o.symbol,
    side: o.side,
    type: o.type,
    timeInForce: o.timeInForce,
    qty: o.qty,
    filledQty: o.filledQty,
    filledAvgPrice: o.filledAvgPrice,
    limitPrice: o.limitPrice,
    stopPrice: o.stopPrice,
    trail: o.trail,
    extreme: o.extreme,
    bracketStopAt: o.bracket?.stopLossAt ?? null,
    bracketTargetAt: o.bracket?.takeProfitAt ?? null,
    bracketTrail: o.bracket?.trail ?? null,
    parentId: o.parentId,
    status: o.status,
    firstBar: new Date(o.firstBar),
    submittedAt: new Date(o.submittedAt),
    filledAt: date(o.filledAt),
    endedAt: date(o.endedAt),
  };
}

async function write(tx: DbTx, userId: number, c: SimChanges): Promise<void> {
  await tx.simAccount.update({
    where: { userId },
    data: { cash: c.cash, rngState: BigInt(c.rngState) },
    select: { userId: true },
  });
  // Parents before their bracket exits (the foreign key): new entries come first in `orders`.
  for (const o of c.orders) {
    const row = toRow(userId, o);
    await tx.simOrder.upsert({
      where: { id: o.id },
      create: { id: o.id, ...row },
      update: row,
      select: { id: true },
    });
  }
  for (const p of c.positions) {
    const key = { userId_symbol: { userId, symbol: p.symbol } };
    if (p.qty === 0) await tx.simPosition.deleteMany({ where: { userId, symbol: p.symbol } });
    else
      await tx.simPosition.upsert({
        where: key,
        create: { userId, symbol: p.symbol, qty: p.qty, avgEntryPrice: p.avgEntryPrice },
        update: { qty: p.qty, avgEntryPrice: p.avgEntryPrice },
        select: { symbol: true },
      });
  }
  if (c.fills.length > 0)
    await tx.simFill.createMany({
      data: c.fills.map((f) => ({
        userId,
        orderId: f.orderId,
        symbol: f.symbol,
        side: f.side,
        qty: f.qty,
        price: f.price,
        commission: f.commission,
        reason: f.reason,
        time: new Date(f.time),
      })),
    });
}

interface AccountRow {
  accountNumber: string;
  cash: number;
  rngState: bigint;
}

/**
 * Locks the user's account row and reads it in one statement; opens the account (insert, racing
 * openers settle on ON CONFLICT) only when it is missing, so an existing account costs no insert.
 */
async function lockAccount(
  tx: DbTx,
  userId: number,
  opening: { cash: number; seed: number; accountNumber: string },
): Promise<AccountRow> {
  const select = () => tx.$queryRaw<AccountRow[]>`
    SELECT account_number AS "accountNumber", cash, rng_state AS "rngState"
    FROM sim_accounts WHERE user_id = ${userId} FOR UPDATE`;
  const [found] = await select();
  if (found !== undefined) return found;
  await tx.$executeRaw`
    INSERT INTO sim_accounts (user_id, account_number, cash, rng_state)
    VALUES (${userId}, ${opening.accountNumber}, ${opening.cash}, ${BigInt(opening.seed >>> 0)})
    ON CONFLICT (user_id) DO NOTHING`;
  const [opened] = await select();
  if (opened === undefined) throw new Error(`sim account ${userId} missing after opening`);
  return opened;
}

const ms = (at: string) => `(extract(epoch from ${at}) * 1000)::bigint`;
const jsonOrder = `json_build_object(
  'id', o.id, 'clientOrderId', o.client_order_id, 'symbol', o.symbol, 'side', o.side,
  'type', o.type, 'timeInForce', o.time_in_force, 'qty', o.qty, 'filledQty', o.filled_qty,
  'filledAvgPrice', o.filled_avg_price, 'limitPrice', o.limit_price, 'stopPrice', o.stop_price,
  'trail', o.trail, 'extreme', o.extreme, 'bracketStopAt', o.bracket_stop_at,
  'bracketTargetAt', o.bracket_target_at, 'bracketTrail', o.bracket_trail,
  'parentId', o.parent_id, 'status', o.status, 'firstBar', ${ms('o.first_bar')},
  'submittedAt', ${ms('o.submitted_at')}, 'filledAt', ${ms('o.filled_at')},
  'endedAt', ${ms('o.ended_at')})`;
/** Open orders (oldest first) and positions (by symbol), as JSON text: one statement. */
const OPEN_BOOK_SQL = `SELECT
  (SELECT coalesce(json_agg(${jsonOrder} ORDER BY o.submitted_at, o.id), '[]')::text
     FROM sim_orders o
     WHERE o.user_id = $1 AND o.status IN ('new', 'partially_filled')) AS orders,
  (SELECT coalesce(json_agg(json_build_object(
       'symbol', p.symbol, 'qty', p.qty, 'avgEntryPrice', p.avg_entry_price) ORDER BY p.symbol),
     '[]')::text
     FROM sim_positions p WHERE p.user_id = $1) AS positions`;

type OrderJson = Omit<OrderRow, 'firstBar' | 'submittedAt' | 'filledAt' | 'endedAt'> & {
  firstBar: number;
  submittedAt: number;
  filledAt: number | null;
  endedAt: number | null;
};

/**
 * The locked account's open orders and positions in one round trip (read after the lock, so
 * they are what the previous holder committed).
 */
async function openBook(
  tx: DbTx,
  userId: number,
): Promise<{ open: SimOrder[]; positions: SimPosition[] }> {
  const [row] = await tx.$queryRawUnsafe<{ orders: string; positions: string }[]>(
    OPEN_BOOK_SQL,
    userId,
  );
  const date = (at: number | null) => (at === null ? null : new Date(at));
  const orders = JSON.parse(row?.orders ?? '[]') as OrderJson[];
  return {
    open: orders.map((o) =>
      toRecord({
        ...o,
        firstBar: new Date(o.firstBar),
        submittedAt: new Date(o.submittedAt),
        filledAt: date(o.filledAt),
        endedAt: date(o.endedAt),
      }),
    ),
    positions: JSON.parse(row?.positions ?? '[]') as SimPosition[],
  };
}

/** The user's fills in a time range (its index: user, time, id), oldest first. */
async function readFills(
  db: Db | DbTx,
  userId: number,
  time: { gt: Date } | { gte: Date },
): Promise<SimFill[]> {
  const rows = await db.simFill.findMany({
    where: { userId, time },
    select: {
      id: true,
      orderId: true,
      symbol: true,
      side: true,
      qty: true,
      price: true,
      commission: true,
      reason: true,
      time: true,
    },
    orderBy: [{ time: 'asc' }, { id: 'asc' }],
  });
  return rows.map((r) => ({
    ...r,
    id: r.id.toString(),
    side: r.side as SimFill['side'],
    reason: r.reason as SimFill['reason'],
    time: r.time.getTime(),
  }));
}

/** The `SimBrokerStore` over PostgreSQL. */
export function simBrokerStore(db: Db): SimBrokerStore {
  return {
    async transact<T>(
      userId: number,
      opening: { cash: number; seed: number; accountNumber: string },
      work: (ledger: SimLedger) => Promise<{ changes: SimChanges | null; value: T }>,
    ): Promise<T> {
      return db.$transaction(
        async (tx) => {
          const account = await lockAccount(tx, userId, opening);
          const { open, positions } = await openBook(tx, userId);
          const ledger: SimLedger = {
            account: {
              accountNumber: account.accountNumber,
              cash: account.cash,
              rngState: Number(account.rngState),
            },
            openOrders: open,
            positions,
            async orderByClientId(clientOrderId) {
              const r = await tx.simOrder.findUnique({
                where: { userId_clientOrderId: { userId, clientOrderId } },
                select: ORDER_SELECT,
              });
              return r === null ? null : toRecord(r);
            },
            async orderById(id) {
              const r = await tx.simOrder.findFirst({
                where: { id, userId },
                select: ORDER_SELECT,
              });
              return r === null ? null : toRecord(r);
            },
            fillsAfter: (time) => readFills(tx, userId, { gt: new Date(time) }),
          };
          const { changes, value } = await work(ledger);
          if (changes !== null) await write(tx, userId, changes);
          return value;
        },
        { timeout: 20_000 },
      );
    },

    listFills: (userId: number, since: number) => readFills(db, userId, { gte: new Date(since) }),
  };
}
