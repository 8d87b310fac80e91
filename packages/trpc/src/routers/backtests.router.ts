import {
  ZBacktestProgress,
  ZBacktestResult,
  ZBacktestResultInput,
  ZRunBacktesterInput,
  ZRunBacktesterOutput,
} from '@tradebot/api-contract';
import { authedProcedure, router } from '../trpc.js';

/** Backtest jobs: queue one symbol, follow the batch, read a result. */
export const backtestsRouter = router({
  run: authedProcedure
    .input(ZRunBacktesterInput)
    .output(ZRunBacktesterOutput)
    .mutation(({ ctx, input }) => ctx.services.backtests.run(ctx.session, input.symbol)),
  progress: authedProcedure
    .output(ZBacktestProgress)
    .query(({ ctx }) => ctx.services.backtests.progress(ctx.session)),
  result: authedProcedure
    .input(ZBacktestResultInput)
    .output(ZBacktestResult)
    .query(({ ctx, input }) => ctx.services.backtests.result(ctx.session, input.symbol)),
});
