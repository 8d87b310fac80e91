import {
  AppError,
  DEFAULT_STOCK_PARAMETERS,
  ui,
  server,
  type TBacktesterOutput,
  type TListSaveOutput,
} from '@tradebot/api-contract';
import {
  addBacktestSymbols,
  addOptimizedParameters,
  backtestVerdicts,
  knownSymbols,
  listBacktestSymbols,
  listOptimizedParameters,
  markSavedInLatestScreenerResults,
  monitoredSymbols,
  onFinalList,
  type Queryable,
} from '@tradebot/db';
import type { ServiceDeps } from '../deps.js';
import type { ActiveMarketService } from '../active-market/active-market.js';
import type { SessionInfo } from '../types.js';
import { storedParameters, withListsLock } from './stored-parameters.js';

/**
 * The user's stock lists as the screener, the explorer and the settings flow fill them.
 * A symbol must be a listing of the user's market (the demo universe or the real one), so a list
 * never holds a name the backtester cannot load.
 */
export function stockListsService(
  deps: Pick<ServiceDeps, 'db'>,
  market: ActiveMarketService,
  news: { refreshSoon(): Promise<void> },
) {
  const { db } = deps;

  /** News of newly watched stocks now; the save stands even if the queue is unreachable. */
  async function watchNews(added: readonly string[]) {
    if (added.length === 0) return;
    try {
      await news.refreshSoon();
    } catch (error) {
      console.warn(`[news] refresh after a list save: ${(error as Error).message}`);
    }
  }

  async function requireKnown(session: SessionInfo, symbols: readonly string[], empty: string) {
    if (symbols.length === 0) throw new AppError('BAD_REQUEST', empty);
    const known = await knownSymbols(db, market.universeFor(session), symbols);
    const unknown = symbols.filter((symbol) => !known.has(symbol));
    if (unknown.length > 0) throw new AppError('BAD_REQUEST', server.unknownSymbols(unknown));
  }

  /**
   * The symbols a save may write: stocks on the Final Trading List stay there (they leave it by
   * removal or Undo before they are listed again), so they are left out and named. Only a save
   * of nothing but such stocks is refused.
   */
  async function notOnFinalList(q: Queryable, userId: number, symbols: readonly string[]) {
    const taken = await onFinalList(q, userId, symbols);
    const saving = symbols.filter((symbol) => !taken.includes(symbol));
    if (saving.length === 0) throw new AppError('BAD_REQUEST', server.onFinalTradingList(taken));
    return { saving, taken };
  }

  /** The reply to a save: its message, with the stocks left out named when there were some. */
  function saveReply(saved: string, added: string[], taken: string[]): TListSaveOutput {
    if (taken.length === 0) return { message: saved, added };
    return { message: `${saved}. ${server.skippedOnFinalList(taken)}`, added, skipped: taken };
  }

  return {
    /** GET /api/backtest/stocks */
    async backtestList(session: SessionInfo) {
      return { symbols: await listBacktestSymbols(db, session.userId) };
    },

    /**
     * POST /api/backtest/stocks and /api/select-stocks-for-backtest: adds to the list (the
     * explorer queues one symbol this way); symbols already on it stay once.
     */
    async addToBacktestList(session: SessionInfo, symbols: string[]): Promise<TListSaveOutput> {
      await requireKnown(session, symbols, ui.noStocksSelectedForBacktesting);
      const { saving, taken } = await notOnFinalList(db, session.userId, symbols);
      const added = await addBacktestSymbols(db, session.userId, saving);
      await markSavedInLatestScreenerResults(db, session.userId, saving);
      await watchNews(added);
      const one = symbols.length === 1 ? (symbols[0] as string) : null;
      // A second click on the same symbol says so rather than claiming it was added again.
      const saved =
        one === null
          ? ui.savedForBacktesting(saving.length)
          : added.length === 0
            ? ui.alreadyInBacktestQueue(one)
            : ui.addedToBacktestQueue(one);
      return saveReply(saved, added, taken);
    },

    /**
     * POST /api/save-to-optimized-parameters from the screener: the stocks join Optimized
     * Parameters with the per-stock defaults (also their original values for Reset)
     * until a backtest replaces them; a stock already there keeps its parameters. A stock on the
     * Final Trading List is not saved: the others are, and the reply names it in `skipped`.
     */
    async saveToOptimized(session: SessionInfo, symbols: string[]): Promise<TListSaveOutput> {
      await requireKnown(session, symbols, ui.noStocksSelectedForOptimization);
      return withListsLock(db, session.userId, async (tx) => {
        const { saving, taken } = await notOnFinalList(tx, session.userId, symbols);
        const defaults = DEFAULT_STOCK_PARAMETERS;
        const added = await addOptimizedParameters(tx, session.userId, saving, defaults);
        return saveReply(ui.savedToOptimized(saving.length), added, taken);
      });
    },

    /** GET /api/get-backtester-output */
    async backtesterOutput(session: SessionInfo): Promise<TBacktesterOutput> {
      const rows = await listOptimizedParameters(db, session.userId);
      const verdicts = await backtestVerdicts(db, session.userId);
      const best_parameters: TBacktesterOutput['best_parameters'] = {};
      for (const row of rows) {
        best_parameters[row.symbol] = {
          ...storedParameters(row.parameters),
          profit: row.profit,
          no_robust_edge: verdicts.get(row.symbol) ?? null,
        };
      }
      return { best_parameters };
    },

    /** The symbols whose news and prices the user watches (news sentiment, tracked symbols). */
    monitoredSymbols: (userId: number) => monitoredSymbols(db, userId),
  };
}

export type StockListsService = ReturnType<typeof stockListsService>;
