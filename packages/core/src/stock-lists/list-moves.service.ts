import {
  AppError,
  DEFAULT_STOCK_PARAMETERS,
  server,
  ui,
  type TMoveOutput,
  type TSelectForTradingInput,
} from '@tradebot/api-contract';
import {
  clearUndo,
  moveToFinalList,
  moveToOptimized,
  removeBacktestSymbols,
  removeOptimizedParameters,
  resetOptimizedParameters,
  setFinalListParameters,
  setUndo,
  undoableSymbols,
} from '@tradebot/db';
import { publishConfigChanged } from '../events/config-changed.js';
import type { TrackedOf } from './final-list.service.js';
import type { ServiceDeps } from '../deps.js';
import type { ActiveMarketService } from '../active-market/active-market.js';
import type { SessionInfo } from '../types.js';
import { finalListService } from './final-list.service.js';
import { parameterSchema } from './parameter-schema.js';
import {
  entrySymbols,
  storedParameters,
  withListsChange,
  withListsLock,
} from './stored-parameters.js';

/**
 * Moves along the settings flow: out of the backtesting list, out of
 * Optimized Parameters, Optimized Parameters → Final Trading List (select-for-trading) and back
 * (Undo), and Reset. A symbol is in at most one of Optimized Parameters and the Final Trading
 * List, and a move never loses it: each runs in one transaction under the user's lists lock.
 */
export function listMovesService(
  deps: Pick<ServiceDeps, 'db' | 'events'>,
  market: ActiveMarketService,
  tracked?: TrackedOf,
) {
  const { db } = deps;

  function requireSome(symbols: readonly string[], empty: string) {
    if (symbols.length === 0) throw new AppError('BAD_REQUEST', empty);
  }

  return {
    /** POST /api/backtest/stocks/remove (Remove Selected on the Backtesting tab). */
    async removeFromBacktestList(session: SessionInfo, symbols: string[]): Promise<TMoveOutput> {
      requireSome(symbols, ui.noStocksSelectedForBacktesting);
      const moved = await removeBacktestSymbols(db, session.userId, symbols);
      return { message: ui.removedFromBacktestingList, moved: moved.sort() };
    },

    /** POST /api/remove-from-best-parameters */
    async removeFromOptimized(session: SessionInfo, symbols: string[]): Promise<TMoveOutput> {
      requireSome(symbols, server.noStocksSelected);
      const moved = await withListsLock(db, session.userId, (tx) =>
        removeOptimizedParameters(tx, session.userId, symbols),
      );
      return { message: server.removedFromOptimized(moved.length), moved };
    },

    /**
     * POST /api/select-for-trading (Confirm Save): the symbols still in Optimized Parameters move
     * to the Final Trading List, each with its edited parameters when `parameters` has them
     * (edits of stocks that did not move are dropped), and become what Undo restores. One
     * transaction: a failure part-way leaves both lists as they were. None left to move (another
     * tab moved them first): 409.
     */
    async selectForTrading(
      session: SessionInfo,
      { symbols, parameters = {} }: TSelectForTradingInput,
    ): Promise<TMoveOutput> {
      requireSome(symbols, server.noStocksSelectedForTrading);
      const edited = entrySymbols(Object.keys(parameters));
      const edits = Object.values(parameters).map((entry, i) => ({
        symbol: edited[i] as string,
        parameters: storedParameters(entry),
      }));
      const moved = await withListsChange(db, session, market, async (tx) => {
        const rows = await moveToFinalList(tx, session.userId, symbols);
        if (rows.length === 0) throw new AppError('CONFLICT', server.nothingMovedToFinalList);
        const kept = edits.filter((edit) => rows.includes(edit.symbol));
        await setFinalListParameters(tx, session.userId, kept);
        await setUndo(tx, session.userId, rows);
        return { rows, edited: kept.length > 0 };
      });
      if (moved.edited) await publishConfigChanged(deps.events, session.userId);
      return { message: ui.movedToFinalList(moved.rows.length), moved: moved.rows };
    },

    /** GET /api/final-trading-list/undo: what Undo would restore (empty: no Undo button). */
    async undoState(session: SessionInfo) {
      return { symbols: await undoableSymbols(db, session.userId) };
    },

    /** POST /api/final-trading-list/undo: the last move's stocks back to Optimized Parameters. */
    async undo(session: SessionInfo): Promise<TMoveOutput> {
      const moved = await withListsChange(db, session, market, async (tx) => {
        const symbols = await undoableSymbols(tx, session.userId);
        await clearUndo(tx, session.userId);
        return symbols.length === 0 ? [] : moveToOptimized(tx, session.userId, symbols);
      });
      if (moved.length === 0) throw new AppError('CONFLICT', server.nothingToUndo);
      return { message: ui.undoSuccessful(moved.length), moved };
    },

    /**
     * POST /api/reset-optimized-parameters: every Optimized Parameters row back to what its
     * backtest produced (or the defaults for a stock saved straight from the screener).
     */
    async resetOptimized(session: SessionInfo): Promise<TMoveOutput> {
      const moved = await withListsLock(db, session.userId, (tx) =>
        resetOptimizedParameters(tx, session.userId, DEFAULT_STOCK_PARAMETERS),
      );
      return { message: ui.resetToBacktestDefaults, moved };
    },

    ...finalListService(deps, market, tracked),

    /** GET /api/strategy/parameter-schema */
    parameterSchema,
  };
}
