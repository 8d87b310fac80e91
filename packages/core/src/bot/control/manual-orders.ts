import {
  AppError,
  botTick,
  server,
  type TKillSwitchOutput,
  type TManualSellOutput,
} from '@tradebot/api-contract';
import {
  appendBotLogs,
  createNotification,
  isClosingPurpose,
  isWorkingStatus,
  type BotOrderRow,
  touchBotActivity,
  unsettledOrderIntents,
  updateOrderIntent,
} from '@tradebot/db';
import { BrokerError, type BrokerPosition } from '@tradebot/market';
import type { ActiveMarketService } from '../../active-market/active-market.js';
import type { SessionInfo } from '../../types.js';
import {
  brokerAppError,
  dashboardAccount,
  openBotMarket,
  type BotAccount,
  type BotDeps,
} from '../account.js';
import { refreshStoppedQuietly } from './stopped.js';
import { logOrderEvent } from '../engine/reconcile.js';
import type { BotMarket } from '../market.js';
import { publishBotStatus, readBotStatus } from '../reads/status.js';
import {
  placeOrder,
  recordBrokerState,
  settleOrderIntent,
  type PlaceOutcome,
} from '../orders/place-order.js';
import { waitForBotLock } from '../engine/lock.js';
import { closeOrderId } from '../orders/order-ids.js';
import { dispatchAlertsQuietly } from '../../alerts/alert-dispatch.js';
import { tryBotControlLock, waitForBotControl } from './control-lock.js';
import { TickJournal } from '../engine/journal.js';
import { protectPositions } from '../engine/protect.js';

type ClosePurpose = 'manual_sell' | 'flatten';

/**
 * Quick Sell and the kill switch. Both close positions through `placeOrder` (the intent is
 * recorded before the order is sent, under a deterministic client order id) while holding the
 * user's bot-control lock, and an unsettled closing intent for a symbol is returned instead of
 * sending another: a double click, or a Quick Sell after the kill switch, never sells twice.
 */
export function botOrders(
  deps: BotDeps,
  market: ActiveMarketService,
  stopNow: (session: SessionInfo) => Promise<boolean>,
) {
  const { db } = deps;

  /**
   * Runs `work` under the user's bot-control lock (`control`: taken at once or refused with 409,
   * or waited for) and tick lock (no tick decides meanwhile). Neither wait holds a connection of
   * the main pool, and `work` runs its queries one at a time on it.
   */
  async function locked<T>(
    userId: number,
    control: 'try' | 'wait',
    work: () => Promise<T>,
  ): Promise<T> {
    const releaseControl =
      control === 'try' ? await tryBotControlLock(db, userId) : await waitForBotControl(db, userId);
    if (releaseControl === null) throw new AppError('CONFLICT', server.botActionInProgress);
    try {
      const release = await waitForBotLock(db, userId);
      if (release === null) throw new AppError('CONFLICT', server.botBusy);
      try {
        return await work();
      } finally {
        await release();
      }
    } finally {
      await releaseControl();
    }
  }

  async function open(session: SessionInfo): Promise<BotMarket & { account: BotAccount }> {
    const account = await dashboardAccount(deps, market, session);
    return { ...(await openBotMarket(deps, session.userId, account, false)), account };
  }

  /**
   * After a Quick Sell or the kill switch of a stopped bot (no tick follows), the orders it
   * touched are settled and the account figures read again, so the status matches the broker.
   */
  const settleWhileStopped = (userId: number, m: BotMarket & { account: BotAccount }) =>
    refreshStoppedQuietly(deps, userId, { m, account: m.account });

  /**
   * Cancels the open orders of `symbol` (all when null) so no protective leg holds the shares;
   * our own closing orders still working (`keep`) are left alone.
   */
  async function cancelOpen(
    m: BotMarket,
    symbol: string | null,
    keep: ReadonlySet<string>,
  ): Promise<number> {
    let canceled = 0;
    for (const order of await m.broker.listOpenOrders()) {
      if (symbol !== null && order.symbol !== symbol) continue;
      if (keep.has(order.clientOrderId)) continue;
      try {
        await m.broker.cancelOrder(order.id);
        canceled++;
      } catch (error) {
        // Filled or ended meanwhile: nothing left to cancel.
        if (!(error instanceof BrokerError && ['not_found', 'rejected'].includes(error.code)))
          throw error;
      }
    }
    return canceled;
  }

  /** Closes one position at market unless a closing intent for it is still unsettled. */
  async function close(
    userId: number,
    m: BotMarket,
    position: BrokerPosition,
    purpose: ClosePurpose,
  ): Promise<{ clientOrderId: string; outcome: PlaceOutcome | null }> {
    const working = await workingCloses(userId, m);
    const pending = working.get(position.symbol);
    if (pending !== undefined) return { clientOrderId: pending, outcome: null };
    await cancelOpen(m, position.symbol, new Set());
    const at = new Date(m.clock.now());
    const clientOrderId = closeOrderId(userId, position.symbol, purpose, at);
    const side = position.qty > 0 ? ('sell' as const) : ('buy' as const);
    const qty = Math.abs(position.qty);
    const outcome = await placeOrder(db, m.broker, {
      userId,
      purpose,
      decidedOn: null,
      at,
      request: {
        symbol: position.symbol,
        qty,
        side,
        type: 'market',
        timeInForce: 'day',
        clientOrderId,
      },
    });
    const what = purpose === 'manual_sell' ? 'Quick Sell' : 'Kill switch';
    if (outcome.kind === 'refused') {
      await restoreProtection(userId, m, position, outcome.error.message);
      return { clientOrderId, outcome };
    }
    await appendBotLogs(db, userId, [
      {
        at,
        level: 'info',
        message: `${what}: ${side} ${qty} ${position.symbol} at market (order ${clientOrderId})`,
      },
    ]);
    // The broker's answer is already an order event (accepted, or filled at once in a session):
    // logged as the tick logs it, once (a later tick or read sees the stored state unchanged).
    if (outcome.kind === 'placed') {
      const journal = new TickJournal(at.getTime());
      const sent: BotOrderRow = {
        id: 0,
        clientOrderId,
        symbol: position.symbol,
        purpose,
        side,
        qty,
        request: null,
        decidedOn: null,
        status: 'sent',
        brokerOrderId: null,
        filledQty: 0,
        filledAvgPrice: null,
        attempts: 1,
        lastError: null,
        createdAt: at,
        sentAt: at,
      };
      logOrderEvent(journal, sent, outcome.order);
      await journal.flush(db, userId);
    }
    await touchBotActivity(db, userId, at);
    return { clientOrderId, outcome };
  }

  /**
   * A close refused after the symbol's orders were cancelled: the user is told (log and
   * notification) and the position gets its stop-loss and take-profit back at once.
   */
  async function restoreProtection(
    userId: number,
    m: BotMarket,
    position: BrokerPosition,
    reason: string,
  ): Promise<void> {
    const now = m.clock.now();
    const journal = new TickJournal(now);
    const message = botTick.closeRefused(position.symbol, reason);
    journal.log('error', message);
    journal.notify(message, 'failed');
    try {
      await protectPositions({ db, broker: m.broker, userId, now, journal }, [position], {
        symbols: [position.symbol],
      });
    } finally {
      await journal.flush(db, userId);
      await dispatchAlertsQuietly(db, deps.alertQueue, userId);
    }
  }

  /**
   * Symbol → client order id of our closing orders still working. Each unsettled closing intent
   * is first brought up to date with the broker (sent if it never got there), so one that was
   * canceled or expired meanwhile does not block a new close.
   */
  async function workingCloses(userId: number, m: BotMarket): Promise<Map<string, string>> {
    const working = new Map<string, string>();
    const journal = new TickJournal(m.clock.now());
    for (const row of await unsettledOrderIntents(db, userId)) {
      // A closing intent unsettled: a second close is not sent.
      if (!isClosingPurpose(row.purpose)) continue;
      const outcome = await settleOrderIntent(db, m.broker, userId, row);
      if (outcome.kind === 'placed') logOrderEvent(journal, row, outcome.order);
      const open =
        outcome.kind === 'unknown' ||
        (outcome.kind === 'placed' && isWorkingStatus(outcome.order.status));
      if (open) working.set(row.symbol, row.clientOrderId);
    }
    await journal.flush(db, userId);
    return working;
  }

  /**
   * The entry intents still unsettled (waiting for the next open), after `cancelOpen`: each is
   * brought up to date from the broker (canceled there) or, when the broker never got it, marked
   * canceled so no later settling sends it. How many the broker never got.
   */
  async function dropEntries(userId: number, m: BotMarket): Promise<number> {
    let dropped = 0;
    // An entry that filled or ended since the last tick is an order event: logged as a tick would.
    const journal = new TickJournal(m.clock.now());
    for (const row of await unsettledOrderIntents(db, userId)) {
      if (row.purpose !== 'entry') continue;
      const order = await m.broker.getOrderByClientId(row.clientOrderId);
      if (order !== null) {
        logOrderEvent(journal, row, order);
        await recordBrokerState(db, userId, order);
      } else {
        await updateOrderIntent(db, userId, row.clientOrderId, { status: 'canceled' });
        dropped++;
      }
    }
    await journal.flush(db, userId);
    return dropped;
  }

  async function positionsOf(m: BotMarket): Promise<BrokerPosition[]> {
    try {
      return await m.broker.getPositions();
    } catch (error) {
      throw brokerAppError(error);
    }
  }

  return {
    /** POST /api/manual-sell/{symbol} (Quick Sell): works whether the bot runs or not. */
    async manualSell(session: SessionInfo, symbol: string): Promise<TManualSellOutput> {
      const { userId } = session;
      const m = await open(session);
      const sold = await locked(userId, 'try', async () => {
        const position = (await positionsOf(m)).find((p) => p.symbol === symbol && p.qty !== 0);
        if (!position) throw new AppError('BAD_REQUEST', server.notHolding(symbol));
        let result;
        try {
          result = await close(userId, m, position, 'manual_sell');
        } catch (error) {
          throw brokerAppError(error);
        }
        if (result.outcome?.kind === 'refused')
          throw new AppError('BAD_REQUEST', server.brokerRefused(result.outcome.error.message));
        return { message: server.quickSellSent(symbol), client_order_id: result.clientOrderId };
      });
      await settleWhileStopped(userId, m);
      return sold;
    },

    /** POST /api/kill-switch: stop first (no new entries), cancel every order, close all. */
    async killSwitch(session: SessionInfo): Promise<TKillSwitchOutput> {
      const { userId } = session;
      const m = await open(session);
      // Queued behind a Start or Stop in flight, never refused for it: the bot ends up stopped.
      const { canceled, closed, refused } = await locked(userId, 'wait', async () => {
        await stopNow(session);
        try {
          const keep = new Set((await workingCloses(userId, m)).values());
          const canceled = (await cancelOpen(m, null, keep)) + (await dropEntries(userId, m));
          const closed: string[] = [];
          const refused: string[] = [];
          for (const position of await positionsOf(m)) {
            if (position.qty === 0) continue;
            const { outcome } = await close(userId, m, position, 'flatten');
            (outcome?.kind === 'refused' ? refused : closed).push(position.symbol);
          }
          return { canceled, closed, refused };
        } catch (error) {
          throw brokerAppError(error);
        }
      });
      await settleWhileStopped(userId, m);
      const message = server.killSwitchDone(canceled, closed.length);
      await appendBotLogs(db, userId, [
        {
          at: new Date(m.clock.now()),
          level: 'warn',
          message: botTick.killSwitch(canceled, closed.length),
        },
      ]);
      // Each refused close was notified with its protection put back (restoreProtection).
      await createNotification(
        db,
        userId,
        message,
        refused.length > 0 ? 'failed' : 'info',
        'kill_switch',
        new Date(m.clock.now()),
      );
      await dispatchAlertsQuietly(db, deps.alertQueue, userId);
      const status = await readBotStatus(db, userId);
      await publishBotStatus(deps.events, userId, status);
      return { message, canceled_orders: canceled, closed_positions: closed, status };
    },
  };
}
