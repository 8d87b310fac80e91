import { AppError, type TBotStatus } from '@tradebot/api-contract';
import { botStateForFigures, unsettledOrderIntents, type BotOrderRow } from '@tradebot/db';
import { BrokerError, type BrokerOrder } from '@tradebot/market';
import { openBotMarket, type BotAccount, type BotDeps } from '../account.js';
import { syncFills } from '../engine/fills.js';
import { waitForBotLock } from '../engine/lock.js';
import { TickJournal } from '../engine/journal.js';
import { logOrderEvent } from '../engine/reconcile.js';
import type { BotMarket } from '../market.js';
import { readBotStatus } from '../reads/status.js';
import { recordBrokerState } from '../orders/place-order.js';
import { logIgnored } from '../log-ignored.js';
import { storeBrokerFigures } from './broker-figures.js';

/** A stopped bot's account figures are read again from the broker at most this often (wall ms). */
const STOPPED_REFRESH_MS = 60_000;

/** How long a refresh waits for the user's tick lock (wall ms) before leaving it to its holder. */
const REFRESH_LOCK_WAIT_MS = 5_000;

/**
 * The status a stopped bot shows, as the broker has it. No tick runs while stopped, so orders
 * sent meanwhile (Quick Sell, the kill switch) would stay `new` and the account figures those of
 * the last tick. While an order intent is unsettled (or the figures are older than a minute), the
 * read settles the intents with the broker (looked up by client order id, never sent), syncs
 * fills, and stores the broker's equity, cash and buying power (a new New York day starts the
 * day's P&L from the broker's previous-close equity). Alpaca reads count against
 * `botAlpacaReads`; when refused or unreachable, the stored figures are shown.
 */
export async function stoppedBotStatus(deps: BotDeps, userId: number): Promise<TBotStatus> {
  await refreshStoppedBot(deps, userId, false).catch((error: unknown) => {
    // Refused by the read limiter, no keys, or the broker unreachable: show what is stored.
    if (!(error instanceof BrokerError || error instanceof AppError)) throw error;
    logIgnored(userId, 'stopped bot not refreshed, stored figures shown', error);
  });
  return readBotStatus(deps.db, userId);
}

/**
 * Settles a stopped bot's unsettled intents and stores the broker's account figures. `force`
 * (after a Quick Sell, the kill switch, or new fills synced by a read) refreshes whatever the
 * figures' age. `open` is a broker already open for `account`; nothing is done with it when that
 * is not the account the bot last traded. Does nothing for a running bot (its ticks do this) or a
 * user who never started one.
 */
export async function refreshStoppedBot(
  deps: BotDeps,
  userId: number,
  force: boolean,
  open?: { m: BotMarket; account: BotAccount },
): Promise<void> {
  const before = await botStateForFigures(deps.db, userId);
  if (before === null || before.running) return;
  // One refresh of a user at a time, under the tick lock: two refreshes overlapping (the
  // dashboard's read and a fill's) could otherwise store the older broker figures last. Not
  // freed in time: whoever holds it reads the broker after us and stores what it finds.
  const release = await waitForBotLock(deps.db, userId, REFRESH_LOCK_WAIT_MS);
  if (release === null) return;
  try {
    await refreshHoldingLock(deps, userId, force, open);
  } finally {
    await release();
  }
}

/** `refreshStoppedBot` for a caller that holds the user's tick lock (a stopped bot's tick). */
export async function refreshHoldingLock(
  deps: BotDeps,
  userId: number,
  force: boolean,
  open?: { m: BotMarket; account: BotAccount },
): Promise<void> {
  const { db } = deps;
  const state = await botStateForFigures(db, userId);
  if (state === null || state.running) return;
  // The status shows the account the bot last traded: another one's figures are not its.
  if (open && (open.account.market !== state.market || open.account.mode !== state.mode)) return;
  const unsettled = await unsettledOrderIntents(db, userId);
  const stale = state.ageMs >= STOPPED_REFRESH_MS;
  if (!force && unsettled.length === 0 && !stale) return;
  const account = { market: state.market, mode: state.mode } as BotAccount;
  const m = open?.m ?? (await openBotMarket(deps, userId, account, true));
  await lookUpIntents(deps, m, userId, unsettled);
  await syncFills(db, m.broker, userId).catch((error: unknown) => {
    if (!(error instanceof BrokerError)) throw error;
    logIgnored(userId, 'stopped bot: fills not synced', error);
  });
  // Only while still stopped: a Start meanwhile owns the snapshot. Open dashboards show the new
  // figures at once (no tick publishes for a stopped bot).
  await storeBrokerFigures(deps, userId, { m, account }, state);
}

/** Each unsettled intent's order, looked up by client order id (one read where offered), logged. */
async function lookUpIntents(
  deps: BotDeps,
  m: BotMarket,
  userId: number,
  rows: readonly BotOrderRow[],
): Promise<void> {
  if (rows.length === 0) return;
  const ids = rows.map((row) => row.clientOrderId);
  const found: (BrokerOrder | null)[] =
    m.broker.getOrdersByClientIds !== undefined && ids.length > 1
      ? [...(await m.broker.getOrdersByClientIds(ids)).values()]
      : await Promise.all(ids.map((id) => m.broker.getOrderByClientId(id)));
  // Each order event gets its log line, as a tick's would (a kill switch's close filling while
  // stopped is still "order … filled").
  const journal = new TickJournal(m.clock.now());
  for (const order of found) {
    if (order === null) continue;
    const row = rows.find((r) => r.clientOrderId === order.clientOrderId);
    if (row !== undefined) logOrderEvent(journal, row, order);
    await recordBrokerState(deps.db, userId, order);
  }
  await journal.flush(deps.db, userId);
}

/** Best effort for callers whose own work is done: a broker or limiter refusal is ignored. */
export async function refreshStoppedQuietly(
  deps: BotDeps,
  userId: number,
  open: { m: BotMarket; account: BotAccount },
  lockHeld = false,
): Promise<void> {
  const refresh = lockHeld ? refreshHoldingLock : refreshStoppedBot;
  await refresh(deps, userId, true, open).catch((error: unknown) => {
    if (!(error instanceof BrokerError || error instanceof AppError)) throw error;
    logIgnored(userId, 'stopped bot not refreshed after its orders', error);
  });
}
