import {
  ZBacktesterOutput,
  ZBacktestStocksOutput,
  ZListSaveOutput,
  ZSymbolsInput,
} from '@tradebot/api-contract';
import { authedProcedure, router } from '../trpc.js';

/** The user's backtesting list and Optimized Parameters (filled from the screener and explorer). */
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
  saveToOptimized: authedProcedure
    .input(ZSymbolsInput)
    .output(ZListSaveOutput)
    .mutation(({ ctx, input }) =>
      ctx.services.stockLists.saveToOptimized(ctx.session, input.symbols),
    ),
  backtesterOutput: authedProcedure
    .output(ZBacktesterOutput)
    .query(({ ctx }) => ctx.services.stockLists.backtesterOutput(ctx.session)),
});
