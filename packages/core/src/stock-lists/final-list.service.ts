import {
  AppError,
  server,
  ui,
  type TFinalTradingEntry,
  type TTrackedSymbol,
  type TUpdateFinalTradingInput,
} from '@tradebot/api-contract';
import {
  backtestVerdicts,
  finalListSymbols,
  listFinalTradingEntries,
  moveToOptimized,
  setFinalListParameters,
} from '@tradebot/db';
import { publishConfigChanged } from '../events/config-changed.js';
import type { ServiceDeps } from '../deps.js';
import type { ActiveMarketService } from '../active-market/active-market.js';
import type { SessionInfo } from '../types.js';
import { entrySymbols, storedParameters, withListsChange } from './stored-parameters.js';

/**
 * The Final Trading List as the Trading tab shows and edits it (GET and POST
 * /api/get-final-trading-config, /api/update-final-trading-config).
 */
/** The dashboard's monitored symbols (GET /api/tracked-symbols) of a session. */
export type TrackedOf = (session: SessionInfo) => Promise<TTrackedSymbol[]>;

export function finalListService(
  deps: Pick<ServiceDeps, 'db' | 'events'>,
  market: ActiveMarketService,
  tracked?: TrackedOf,
) {
  const { db } = deps;

  /** The monitored symbols by symbol; none when the broker cannot be read (the list still shows). */
  async function trackedBySymbol(session: SessionInfo): Promise<Map<string, TTrackedSymbol>> {
    if (tracked === undefined) return new Map();
    const rows = await tracked(session).catch((error: unknown) => {
      if (error instanceof AppError) return [];
      throw error;
    });
    return new Map(rows.map((row) => [row.symbol, row]));
  }

  /**
   * The list sorted by symbol with the domain of the user's market and each stock's backtest
   * verdict (the one Optimized Parameters shows); close, RSI, ATR and MACD as the dashboard's
   * monitored symbols show them, and the bot's position (qty, average price, unrealized P&L) as
   * GET /api/positions has it.
   */
  async function finalTradingConfig(session: SessionInfo): Promise<TFinalTradingEntry[]> {
    const rows = await listFinalTradingEntries(db, session.userId, market.universeFor(session));
    const [live, verdicts] = await Promise.all([
      trackedBySymbol(session),
      backtestVerdicts(db, session.userId),
    ]);
    return rows.map((row) => {
      const t = live.get(row.symbol);
      const held = t !== undefined && t.qty !== 0;
      return {
        symbol: row.symbol,
        ...storedParameters(row.parameters),
        close: t?.last_price ?? row.close,
        rsi: t?.rsi ?? row.rsi,
        atr: t?.atr ?? row.atr,
        macd: t?.macd ?? row.macd,
        qty: t === undefined ? null : t.qty,
        avg_price: held ? t.avg_price : null,
        unrealized_pl: held ? t.unrealized_pl : null,
        domain: row.domain,
        no_robust_edge: verdicts.get(row.symbol) ?? null,
      };
    });
  }

  return {
    finalTradingConfig,

    /**
     * The whole list as the client holds it: the entries sent get their new parameters, the
     * list's stocks left out go back to Optimized Parameters (returned), a symbol not on the
     * list or sent twice is refused. All or nothing, under the lists lock.
     */
    async updateFinalTradingConfig(session: SessionInfo, input: TUpdateFinalTradingInput) {
      const sent = entrySymbols(input.map((entry) => entry.symbol));
      // Only the parameters are stored (the schema keeps its own fields): the symbol and the
      // fields the server adds (close, rsi, …) are dropped.
      const entries = input.map((entry, i) => ({
        symbol: sent[i] as string,
        parameters: storedParameters(entry),
      }));
      const returned = await withListsChange(db, session, market, async (tx) => {
        const onList = await finalListSymbols(tx, session.userId);
        const unknown = sent.filter((symbol) => !onList.has(symbol));
        if (unknown.length > 0)
          throw new AppError('BAD_REQUEST', server.notOnFinalTradingList(unknown));
        const keep = new Set(sent);
        const leaving = [...onList].filter((symbol) => !keep.has(symbol));
        await setFinalListParameters(tx, session.userId, entries);
        return leaving.length === 0 ? [] : moveToOptimized(tx, session.userId, leaving);
      });
      await publishConfigChanged(deps.events, session.userId);
      return {
        message: ui.finalListUpdated,
        entries: await finalTradingConfig(session),
        returned,
      };
    },
  };
}
