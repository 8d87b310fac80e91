import {
  AppError,
  server,
  type TAccountHistory,
  type TBotChartOutput,
  type TBotLogsOutput,
  type TBotTradesOutput,
  type TBotTwinInput,
  type TBotTwinOutput,
  type THistoricalPerformance,
  type TLiveLogOutput,
  type TPosition,
  type TTrackedSymbol,
} from '@tradebot/api-contract';
import {
  botFillsSince,
  botRunState,
  findBotState,
  findEncryptedCredential,
  isClosingPurpose,
  listEquityPoints,
  listBotSymbols,
  listBotTrades,
  listFinalTradingEntries,
  listingMetrics,
  recentBotLogs,
  unsettledOrderIntents,
} from '@tradebot/db';
import { BrokerError, isoFromDay, newYorkDayOf, type BrokerPosition } from '@tradebot/market';
import type { ActiveMarketService } from '../../active-market/active-market.js';
import { universeOf } from '../../active-market/universe-source.js';
import type { SessionInfo } from '../../types.js';
import {
  brokerAppError,
  dashboardAccount,
  openBotMarket,
  type BotAccount,
  type BotDeps,
} from '../account.js';
import { refreshRunningFigures } from '../control/running-figures.js';
import { refreshStoppedQuietly } from '../control/stopped.js';
import { accountHistory, syncCashActivities } from './cash.js';
import { centsOrNull } from '../cents.js';
import { syncFills } from '../engine/fills.js';
import type { BotMarket } from '../market.js';
import { botTrade, historicalPerformance, newYorkTimestamp } from './performance.js';
import { logIgnored } from '../log-ignored.js';
import { backtestSettingsService } from '../../backtest/backtest-settings.service.js';
import { liveTwin, NO_TWIN } from './twin.js';

/** The chart shows about 120 sessions: 175 calendar days. */
const CHART_DAYS = 175;
const LOG_LINES = 200;

/**
 * What the dashboard and the live log read. Positions and holdings come from the
 * broker (the truth), each read that calls Alpaca counting against `botAlpacaReads`; trades and
 * logs from PostgreSQL. Reads that show trades sync the fills first, so a stopped bot's Quick
 * Sell shows up too.
 */
export function botReads(deps: BotDeps, market: ActiveMarketService) {
  const { db } = deps;

  /** The dashboard's broker, or null when the account has no saved keys (nothing to show). */
  async function openRead(
    session: SessionInfo,
  ): Promise<(BotMarket & { account: BotAccount }) | null> {
    const account = await dashboardAccount(deps, market, session);
    if (
      account.mode !== 'demo' &&
      !(await findEncryptedCredential(db, session.userId, account.mode))
    )
      return null;
    return { ...(await openBotMarket(deps, session.userId, account, true)), account };
  }

  async function brokerPositions(m: BotMarket | null): Promise<BrokerPosition[]> {
    if (m === null) return [];
    try {
      return await m.broker.getPositions();
    } catch (error) {
      throw brokerAppError(error);
    }
  }

  return {
    /**
     * The broker's positions; one with a closing order of ours (exit, Quick Sell, kill switch)
     * still unsettled while the market is closed is `closing_at_next_open`.
     */
    async positions(session: SessionInfo): Promise<TPosition[]> {
      const m = await openRead(session);
      if (m !== null) await syncQuietly(m, session.userId);
      const held = await brokerPositions(m);
      const closing =
        m === null || m.clock.isOpen()
          ? new Set<string>()
          : new Set(
              (await unsettledOrderIntents(db, session.userId))
                .filter((row) => isClosingPurpose(row.purpose))
                .map((row) => row.symbol),
            );
      return held.map((p) => ({
        symbol: p.symbol,
        qty: p.qty,
        side: p.side,
        avg_entry_price: p.avgEntryPrice,
        current_price: p.currentPrice,
        market_value: p.marketValue,
        unrealized_pl: centsOrNull(p.unrealizedPl),
        closing_at_next_open: closing.has(p.symbol),
      }));
    },

    /** The Final Trading List's stocks and any other held one, with indicators and holding. */
    trackedSymbols: async (session: SessionInfo): Promise<TTrackedSymbol[]> => {
      const account = await dashboardAccount(deps, market, session);
      const universe = universeOf(account.market);
      const listed = await listFinalTradingEntries(db, session.userId, universe);
      const held = new Map(
        (await brokerPositions(await openRead(session))).map((p) => [p.symbol, p]),
      );
      const extra = [...held.keys()].filter((s) => !listed.some((row) => row.symbol === s));
      const rows = [...listed, ...(await listingMetrics(db, universe, extra))];
      for (const symbol of extra)
        if (!rows.some((row) => row.symbol === symbol))
          rows.push({ symbol, domain: null, close: null, rsi: null, atr: null, macd: null });
      const bot = new Map((await listBotSymbols(db, session.userId)).map((b) => [b.symbol, b]));
      return rows
        .map((row) => {
          const own = bot.get(row.symbol);
          const position = held.get(row.symbol);
          return {
            symbol: row.symbol,
            last_price: position?.currentPrice ?? own?.lastPrice ?? row.close,
            rsi: own?.rsi ?? row.rsi,
            atr: own?.atr ?? row.atr,
            macd: own?.macd ?? row.macd,
            qty: position?.qty ?? 0,
            avg_price: position?.avgEntryPrice ?? null,
            unrealized_pl: centsOrNull(position?.unrealizedPl ?? null),
            domain: row.domain,
          };
        })
        .sort((a, b) => (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0));
    },

    async historicalPerformance(session: SessionInfo): Promise<THistoricalPerformance> {
      // A broker that cannot be reached still leaves the trades already stored to show.
      const m = await openRead(session).catch((error: unknown) => {
        logIgnored(session.userId, 'broker not opened for the status, stored figures shown', error);
        return null;
      });
      if (m !== null) await syncQuietly(m, session.userId);
      const [run, state] = await Promise.all([
        botRunState(db, session.userId),
        findBotState(db, session.userId),
      ]);
      const trades = await listBotTrades(db, session.userId);
      const points = await listEquityPoints(db, session.userId);
      return historicalPerformance(
        trades,
        run?.startEquity ?? run?.equity ?? null,
        points,
        state === null ? null : { equity: state.equity, peak: state.peakEquity },
      );
    },

    /**
     * The live twin (GET /api/bot/twin): the list re-run as the bot ran it and each closed trade
     * matched to the twin's; the fills are synced first. No account to read: nothing to match.
     */
    async twin(session: SessionInfo, input: TBotTwinInput): Promise<TBotTwinOutput> {
      const m = await openRead(session);
      if (m === null) return NO_TWIN;
      await syncQuietly(m, session.userId);
      return liveTwin(
        {
          db,
          userId: session.userId,
          now: m.account.market === 'demo' ? deps.market.demo.clock.now() : deps.now().getTime(),
          bars: (symbol, from, to) => m.data.getDailyBars(symbol, { from, to }),
          backtest: await backtestSettingsService(deps).forUser(session.userId),
        },
        input,
      );
    },

    /** Every closed trade, newest first (the trades export); the fills are synced first. */
    async trades(session: SessionInfo): Promise<TBotTradesOutput> {
      const m = await openRead(session).catch((error: unknown) => {
        logIgnored(session.userId, 'broker not opened for the trades, stored trades shown', error);
        return null;
      });
      if (m !== null) await syncQuietly(m, session.userId);
      const trades = await listBotTrades(db, session.userId);
      return { trades: trades.reverse().map(botTrade) };
    },

    /**
     * The account history (dividends the broker booked), synced from the broker first; one that
     * cannot be reached leaves what is stored to show.
     */
    async accountHistory(session: SessionInfo): Promise<TAccountHistory> {
      const m = await openRead(session).catch((error: unknown) => {
        logIgnored(session.userId, 'broker not opened for the account history', error);
        return null;
      });
      if (m !== null) await syncCashActivities(db, m.broker, session.userId);
      return accountHistory(db, session.userId);
    },

    async logs(userId: number): Promise<TBotLogsOutput> {
      const rows = await recentBotLogs(db, userId, LOG_LINES);
      return {
        logs: rows.map((row) => ({
          id: row.id,
          time: row.at.toISOString(),
          level: row.level as TBotLogsOutput['logs'][number]['level'],
          message: row.message,
        })),
      };
    },

    /** "YYYY-MM-DD HH:MM:SS LEVEL message", New York market time, oldest first. */
    async liveLog(userId: number): Promise<TLiveLogOutput> {
      const rows = await recentBotLogs(db, userId, LOG_LINES);
      return {
        logs: rows.map(
          (row) =>
            `${newYorkTimestamp(row.at.getTime())} ${row.level.toUpperCase()} ${row.message}`,
        ),
      };
    },

    /** Recent daily bars of the dashboard's market and the bot's fills on them. */
    async chart(session: SessionInfo, symbol: string): Promise<TBotChartOutput> {
      const m = await openRead(session);
      if (m === null) return { symbol, bars: [], fills: [] };
      const today = newYorkDayOf(m.clock.now());
      const from = today - CHART_DAYS;
      let bars;
      try {
        bars = await m.data.getDailyBars(symbol, { from: isoFromDay(from), to: isoFromDay(today) });
      } catch (error) {
        // Alpaca's data API failing is the broker being unreachable; the demo market's is ours.
        if (m.data === deps.market.demo.market) throw error;
        throw new AppError('BAD_REQUEST', server.brokerUnavailable);
      }
      const fills = await botFillsSince(db, session.userId, symbol, new Date(from * 86_400_000));
      return {
        symbol,
        bars: Array.from({ length: bars.close.length }, (_, k) => ({
          time: new Date(bars.time[k] as number).toISOString().slice(0, 10),
          open: bars.open[k] as number,
          high: bars.high[k] as number,
          low: bars.low[k] as number,
          close: bars.close[k] as number,
        })),
        fills: fills.map((f) => ({
          time: f.time.toISOString(),
          side: f.side,
          qty: f.qty,
          price: f.price,
          reason: f.reason,
        })),
      };
    },
  };

  /**
   * Syncs fills for a read; a broker hiccup here must not hide what is already stored. New fills
   * refresh the status's account figures as well: a stopped bot has no tick to do it, and a
   * running one's next tick may be a session away.
   */
  async function syncQuietly(m: BotMarket & { account: BotAccount }, userId: number) {
    let synced;
    try {
      synced = await syncFills(db, m.broker, userId);
    } catch (error) {
      if (!(error instanceof BrokerError)) throw error;
      logIgnored(userId, 'fills not synced by the read, stored ones shown', error);
      return;
    }
    if (synced.newFills === 0) return;
    await refreshStoppedQuietly(deps, userId, { m, account: m.account });
    await refreshRunningFigures(deps, userId, { m, account: m.account });
  }
}
