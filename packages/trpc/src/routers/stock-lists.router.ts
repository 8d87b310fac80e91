import {
  ZBacktesterOutput,
  ZBacktestStocksOutput,
  ZFinalTradingConfig,
  ZListSaveOutput,
  ZMoveOutput,
  ZParameterSchemaOutput,
  ZSelectForTradingInput,
  ZSymbolsInput,
  ZUndoState,
  ZUpdateFinalTradingInput,
  ZUpdateFinalTradingOutput,
} from '@tradebot/api-contract';
import { authedProcedure, router } from '../trpc.js';

/**
 * The user's stock lists along the settings flow: the backtesting list,
 * Optimized Parameters (best_parameters) and the Final Trading List, and the moves between them.
 */
export const stockListsRouter = router({
  backtestList: authedProcedure
    .output(ZBacktestStocksOutput)
    .query(({ ctx }) => ctx.services.stockLists.backtestList(ctx.session)),
  addToBacktestList: authedProcedure
    .input(ZSymbolsInput)
    .output(ZListSaveOutput)
    .mutation(({ ctx, input }) =>
      ctx.services.stockLists.addToBacktestList(ctx.session, input.symbols),
    ),
  removeFromBacktestList: authedProcedure
    .input(ZSymbolsInput)
    .output(ZMoveOutput)
    .mutation(({ ctx, input }) =>
      ctx.services.stockLists.removeFromBacktestList(ctx.session, input.symbols),
    ),
  saveToOptimized: authedProcedure
    .input(ZSymbolsInput)
    .output(ZListSaveOutput)
    .mutation(({ ctx, input }) =>
      ctx.services.stockLists.saveToOptimized(ctx.session, input.symbols),
    ),
  backtesterOutput: authedProcedure
    .output(ZBacktesterOutput)
    .query(({ ctx }) => ctx.services.stockLists.backtesterOutput(ctx.session)),
  removeFromOptimized: authedProcedure
    .input(ZSymbolsInput)
    .output(ZMoveOutput)
    .mutation(({ ctx, input }) =>
      ctx.services.stockLists.removeFromOptimized(ctx.session, input.symbols),
    ),
  selectForTrading: authedProcedure
    .input(ZSelectForTradingInput)
    .output(ZMoveOutput)
    .mutation(({ ctx, input }) => ctx.services.stockLists.selectForTrading(ctx.session, input)),
  finalTradingConfig: authedProcedure
    .output(ZFinalTradingConfig)
    .query(({ ctx }) => ctx.services.stockLists.finalTradingConfig(ctx.session)),
  updateFinalTradingConfig: authedProcedure
    .input(ZUpdateFinalTradingInput)
    .output(ZUpdateFinalTradingOutput)
    .mutation(({ ctx, input }) =>
      ctx.services.stockLists.updateFinalTradingConfig(ctx.session, input),
    ),
  undoState: authedProcedure
    .output(ZUndoState)
    .query(({ ctx }) => ctx.services.stockLists.undoState(ctx.session)),
  undo: authedProcedure
    .output(ZMoveOutput)
    .mutation(({ ctx }) => ctx.services.stockLists.undo(ctx.session)),
  resetOptimized: authedProcedure
    .output(ZMoveOutput)
    .mutation(({ ctx }) => ctx.services.stockLists.resetOptimized(ctx.session)),
  parameterSchema: authedProcedure
    .output(ZParameterSchemaOutput)
    .query(({ ctx }) => ctx.services.stockLists.parameterSchema()),
});
