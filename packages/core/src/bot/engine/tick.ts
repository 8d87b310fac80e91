import {
  botTick,
  type TBacktestSettings,
  type TBotTickResult,
  type TTradingSettings,
} from '@tradebot/api-contract';
import {
  findTickStart,
  storeTickError,
  storeTickState,
  unsettledOrderIntents,
  type BotOrderRow,
  type BotStateRow,
  type MarketName,
} from '@tradebot/db';
import {
  BrokerError,
  isoFromDay,
  newYorkDayOf,
  type BrokerAccount,
  type BrokerOrder,
  type BrokerPort,
  type BrokerPosition,
} from '@tradebot/market';
import { accountHalt } from '@tradebot/strategy';
import type { ServiceDeps } from '../../deps.js';
import { backtestSettingsOf } from '../../backtest/backtest-settings.service.js';
import { tradingSettingsOf } from '../../trading-settings/trading-settings.service.js';
import { dispatchAlertsQuietly } from '../../alerts/alert-dispatch.js';
import { TickJournal } from './journal.js';
import { tryBotLock } from './lock.js';
import { botMarketFor, MissingKeysError, type BotMarket, type BotMode } from '../market.js';
import { inFlightIntents, reconcileIntents } from './reconcile.js';
import { healBotSchedulers } from '../control/scheduler.js';
import { protectPositions } from './protect.js';
import { decideSymbols } from './symbols.js';
import { publishBotUpdate } from './update.js';
import { watchTrailingStops } from './trailing.js';
import { fillSyncStart, syncFills } from './fills.js';
import { settleOrderIntent } from '../orders/place-order.js';
import type { BotAccount } from '../account.js';
import { refreshStoppedQuietly } from '../control/stopped.js';
import { logIgnored } from '../log-ignored.js';

type EngineDeps = Pick<
  ServiceDeps,
  'db' | 'cipher' | 'market' | 'events' | 'botQueue' | 'alertQueue' | 'limiter' | 'now'
>;

export type MarketFor = (
  deps: Pick<ServiceDeps, 'db' | 'cipher' | 'market'>,
  userId: number,
  market: MarketName,
  mode: BotMode,
  backtest?: TBacktestSettings,
) => Promise<BotMarket>;

export interface BotEngineOptions {
  /** Where a user's bot trades; tests wrap the broker (lost answers, refusals). */
  marketFor?: MarketFor;
}

/** The account numbers a tick carries into bot_states (design "The tick" step 3). */
export interface AccountState {
  equity: number;
  peak: number;
  day: string;
  dayStartEquity: number;
  halted: boolean;
  haltReason: string | null;
  /** The halt began in this tick (notify once). */
  haltedNow: boolean;
}

/**
 * The account's new day, peak and halt: a new New York date starts the day's P&L (from the
 * broker's previous-close equity when it gives one); the peak only rises; equity below
 * peak × (1 − max_drawdown) halts new entries until the bot is restarted.
 */
export function accountState(
  state: Pick<BotStateRow, 'peakEquity' | 'day' | 'dayStartEquity' | 'halted' | 'haltReason'>,
  equity: number,
  lastEquity: number | null,
  now: number,
  maxDrawdown: number,
): AccountState {
  const day = isoFromDay(newYorkDayOf(now));
  const newDay = state.day !== day || state.dayStartEquity === null;
  const { peak, halted, haltedNow } = accountHalt(
    state.peakEquity,
    state.halted,
    equity,
    maxDrawdown,
  );
  return {
    equity,
    peak,
    day,
    dayStartEquity: newDay ? (lastEquity ?? equity) : (state.dayStartEquity as number),
    halted,
    haltReason: haltedNow ? botTick.haltReason(maxDrawdown) : state.haltReason,
    haltedNow,
  };
}

/**
 * The tick's fills synced, and the account and positions it works from: one snapshot where the
 * broker offers it (the simulated broker: account, positions, open orders and the fills, from one
 * settled transaction), else the fills, then two reads (Alpaca); open orders are then read when
 * first needed. Reconcile has identified the orders whose answer was lost: their fills get their
 * reason.
 */
async function syncAndReadAccount(
  db: EngineDeps['db'],
  broker: BrokerPort,
  userId: number,
): Promise<{
  newFills: number;
  account: BrokerAccount;
  positions: BrokerPosition[];
  openOrders: BrokerOrder[] | null;
}> {
  if (broker.snapshot !== undefined) {
    const start = await fillSyncStart(db, userId);
    const { fills, ...snapshot } = await broker.snapshot({ fillsSince: start.since });
    const synced = await syncFills(db, broker, userId, {
      identified: true,
      read: { start, fills: fills ?? [] },
    });
    return { newFills: synced.newFills, ...snapshot };
  }
  const synced = await syncFills(db, broker, userId, { identified: true });
  const account = await broker.getAccount();
  const positions = await broker.getPositions();
  return { newFills: synced.newFills, account, positions, openOrders: null };
}

/**
 * The trading bot's tick (design "The tick"): one user, never two at once (`tryBotLock`). A
 * stopped bot only settles its unsettled intents (a Quick Sell sent while stopped still settles).
 * A running one reconciles with the broker, syncs fills, snapshots the account and its drawdown
 * halt, decides each Final Trading List symbol once per completed daily bar with the backtester's
 * Decider, places orders through `placeOrder` (intent recorded first, deterministic id), writes
 * its log and notifications, and publishes an `update` event. A broker failure never throws: it
 * is recorded (last_error, log, one notification per distinct error) and the outcome is 'failed'.
 */
export function botEngineService(deps: EngineDeps, options: BotEngineOptions = {}) {
  const { db } = deps;
  const marketFor = options.marketFor ?? botMarketFor;

  async function settleOnly(
    userId: number,
    bot: BotMarket,
    unsettled: readonly BotOrderRow[],
  ): Promise<number> {
    let sent = 0;
    const inFlight = await inFlightIntents(db, userId);
    for (const row of unsettled) {
      // Protective orders are sent only by the running tick's check, which sees the position.
      if (inFlight.has(row.clientOrderId) || row.purpose === 'protective') continue;
      try {
        const outcome = await settleOrderIntent(db, bot.broker, userId, row);
        if (outcome.kind === 'placed' && row.attempts === 0) sent += 1;
      } catch (error) {
        if (!(error instanceof BrokerError)) throw error;
        logIgnored(userId, `settling ${row.clientOrderId} left for the next tick`, error);
      }
    }
    return sent;
  }

  async function failed(userId: number, state: BotStateRow, now: number, reason: string) {
    const journal = new TickJournal(now);
    const message = botTick.tickFailed(reason);
    journal.log('error', message);
    if (state.lastError !== reason) journal.notify(message, 'failed', { kind: 'bot_error' });
    await storeTickError(db, userId, reason, new Date(now));
    const logs = journal.lines.map((line) => `[${line.at.toISOString()}] ${line.message}`);
    await journal.flush(db, userId);
    // The dashboard shows the failed check at once (best effort: it also polls).
    const data = { last_tick_at: new Date(now).toISOString(), last_error: reason, logs };
    await deps.events
      .publish(userId, { type: 'update', data })
      .catch((error: unknown) => logIgnored(userId, 'failed-tick update not published', error));
  }

  async function run(userId: number): Promise<TBotTickResult> {
    // One read: the state, and both settings documents (the backtest's: the tick's options and
    // the simulated broker's costs on the demo market).
    const start = await findTickStart(db, userId);
    if (start === null) return { outcome: 'stopped', orders_sent: 0, market_open: null };
    const { state } = start;
    const backtest = backtestSettingsOf(start.backtestSettings);
    let bot: BotMarket;
    try {
      bot = await marketFor(
        deps,
        userId,
        state.market as MarketName,
        state.mode as BotMode,
        backtest,
      );
    } catch (error) {
      if (!(error instanceof BrokerError || error instanceof MissingKeysError)) throw error;
      if (!state.running) return { outcome: 'stopped', orders_sent: 0, market_open: null };
      // No market clock without the market: the demo's, or Alpaca's (real time: deps.now()).
      const at = state.market === 'demo' ? deps.market.demo.clock.now() : deps.now().getTime();
      await failed(userId, state, at, error.message);
      return { outcome: 'failed', orders_sent: 0, market_open: null };
    }
    const now = bot.clock.now();
    const marketOpen = bot.clock.isOpen();
    if (!state.running) {
      const unsettled = await unsettledOrderIntents(db, userId);
      const sent = await settleOnly(userId, bot, unsettled).catch((error: unknown) => {
        logIgnored(userId, 'stopped bot: settling its intents left for the next tick', error);
        return 0;
      });
      // The closing orders of a Quick Sell or the kill switch fill while the bot is stopped: the
      // fills, the figures and open dashboards follow as soon as the broker has them.
      if (unsettled.length > 0) {
        const account = { market: state.market, mode: state.mode } as BotAccount;
        await refreshStoppedQuietly(deps, userId, { m: bot, account }, true);
      }
      return { outcome: 'stopped', orders_sent: sent, market_open: marketOpen };
    }
    const journal = new TickJournal(now);
    try {
      const settings = tradingSettingsOf(start.tradingSettings);
      await ranTick(userId, state, bot, now, journal, settings, backtest);
      return { outcome: 'ran', orders_sent: journal.ordersSent, market_open: marketOpen };
    } catch (error) {
      await journal
        .flush(db, userId)
        .catch((e: unknown) => logIgnored(userId, 'log lines of the failed tick not written', e));
      if (!(error instanceof BrokerError)) {
        // Ours, not the broker's: the status shows a plain line, the worker's log the details.
        await storeTickError(db, userId, botTick.internalFault).catch((e: unknown) =>
          logIgnored(userId, 'internal fault not stored on the bot state', e),
        );
        throw error;
      }
      await failed(userId, state, now, error.message);
      return { outcome: 'failed', orders_sent: journal.ordersSent, market_open: marketOpen };
    }
  }

  async function ranTick(
    userId: number,
    state: BotStateRow,
    bot: BotMarket,
    now: number,
    journal: TickJournal,
    settings: TTradingSettings,
    backtest: TBacktestSettings,
  ): Promise<void> {
    const fillsAtClose = state.market === 'demo' || state.mode === 'demo';
    await reconcileIntents({
      db,
      broker: bot.broker,
      userId,
      now,
      policy: settings,
      fillsAtClose,
      journal,
    });
    const { newFills, account, positions, openOrders } = await syncAndReadAccount(
      db,
      bot.broker,
      userId,
    );
    if (newFills > 0) journal.activity = now;
    const next = accountState(
      state,
      account.equity,
      account.lastEquity,
      now,
      settings.max_drawdown,
    );
    if (next.haltedNow) {
      const message = botTick.halted(account.equity, next.peak, settings.max_drawdown);
      // One halt per run of the bot (a restart clears it).
      const key = `halt:${state.startedAt?.getTime() ?? 0}`;
      journal.log('warn', message, key);
      journal.notify(message, 'warning', { eventKey: key, kind: 'halt' });
    }

    await decideSymbols({
      db,
      bot,
      userId,
      now,
      journal,
      settings,
      backtest,
      account: { equity: account.equity, buyingPower: account.buyingPower },
      peak: next.peak,
      halted: next.halted,
      startedAt: state.startedAt?.getTime() ?? null,
      positions,
      openOrders,
      opgCutoffMs: fillsAtClose ? 0 : 120_000,
    });
    if (!fillsAtClose && backtest.trailing_stop_pct > 0)
      await watchTrailingStops({
        db,
        bot,
        userId,
        now,
        journal,
        positions,
        trail: backtest.trailing_stop_pct,
      });

    // After the decisions and the trailing watch: their exits (closing orders under way) are
    // skipped, and a refused one gets its protection back in this same tick.
    await protectPositions({ db, broker: bot.broker, userId, now, journal }, positions);

    const row = await storeTickState(db, userId, {
      equity: account.equity,
      cash: account.cash,
      buyingPower: account.buyingPower,
      peakEquity: next.peak,
      day: next.day,
      dayStartEquity: next.dayStartEquity,
      halted: next.halted,
      haltReason: next.haltReason,
      lastTickAt: new Date(now),
      ...(journal.activity === null ? {} : { lastActivity: new Date(journal.activity) }),
    });
    await journal.flush(db, userId);
    const lines = journal.written.map((line) => `[${line.at.toISOString()}] ${line.message}`);
    await publishBotUpdate(deps, userId, {
      running: row.running,
      account,
      dayStartEquity: next.dayStartEquity,
      peak: next.peak,
      lastActivity: row.lastActivity,
      positions,
      logs: lines,
      tickAt: new Date(now),
      marketOpen: bot.clock.isOpen(),
      symbols: row.symbols,
    });
  }

  return {
    /** One tick of one user's bot; 'busy' when another tick of that user holds the lock. */
    async tick(userId: number): Promise<TBotTickResult> {
      const release = await tryBotLock(db, userId);
      if (release === null) return { outcome: 'busy', orders_sent: 0, market_open: null };
      try {
        return await run(userId);
      } finally {
        await release();
        // After everything the tick wrote has committed; a failed enqueue is only logged.
        await dispatchAlertsQuietly(db, deps.alertQueue, userId);
      }
    },

    /** Every running bot has its Job Scheduler, and no stopped one keeps one (from PostgreSQL). */
    healSchedulers: () => healBotSchedulers(db, deps.botQueue),
  };
}

export type BotEngineService = ReturnType<typeof botEngineService>;
