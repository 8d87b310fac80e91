import {
  ZPortfolioBacktestIdInput,
  ZPortfolioBacktestInput,
  ZPortfolioBacktestStarted,
  ZPortfolioBacktestStatus,
} from '@tradebot/api-contract';
import { authedProcedure, router } from '../trpc.js';

/** The portfolio preview: queue one for the list (or chosen stocks), then read it by id. */
export const portfolioRouter = router({
  backtest: authedProcedure
    .input(ZPortfolioBacktestInput)
    .output(ZPortfolioBacktestStarted)
    .mutation(({ ctx, input }) => ctx.services.portfolio.start(ctx.session, input)),
  backtestResult: authedProcedure
    .input(ZPortfolioBacktestIdInput)
    .output(ZPortfolioBacktestStatus)
    .query(({ ctx, input }) => ctx.services.portfolio.status(ctx.session, input.id)),
});
