import {
  AppError,
  server,
  ui,
  type TFinalTradingEntry,
  type TUpdateFinalTradingInput,
} from '@tradebot/api-contract';
import {
  finalListSymbols,
  listFinalTradingEntries,
  moveToOptimized,
  setFinalListParameters,
} from '@tradebot/db';
import { publishConfigChanged } from '../events/config-changed.js';
import type { ServiceDeps } from '../deps.js';
import type { ActiveMarketService } from '../market/active-market.js';
import type { SessionInfo } from '../types.js';
import { entrySymbols, storedParameters, withListsLock } from './stored-parameters.js';

/**
 * The Final Trading List as the Trading tab shows and edits it (GET and POST
 * /api/get-final-trading-config, /api/update-final-trading-config).
 */
export function finalListService(
  deps: Pick<ServiceDeps, 'db' | 'events'>,
  market: ActiveMarketService,
) {
  const { db } = deps;

  /** The list sorted by symbol, with the latest metrics and domain of the user's market. */
  async function finalTradingConfig(session: SessionInfo): Promise<TFinalTradingEntry[]> {
    const rows = await listFinalTradingEntries(db, session.userId, market.universeFor(session));
    return rows.map((row) => ({
      symbol: row.symbol,
      ...storedParameters(row.parameters),
      close: row.close,
      rsi: row.rsi,
      atr: row.atr,
      macd: row.macd,
      // The bot's position comes with the bot (Step 8).
      qty: null,
      avg_price: null,
      unrealized_pl: null,
      domain: row.domain,
    }));
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
      const returned = await withListsLock(db, session.userId, async (tx) => {
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
