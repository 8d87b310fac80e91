import { ZMarketStatusOutput } from '@tradebot/api-contract';
import { authedProcedure, router } from '../trpc.js';

export const marketRouter = router({
  /** The active market's clock: the demo clock, or Alpaca's on the user's keys (null: Unknown). */
  status: authedProcedure
    .output(ZMarketStatusOutput)
    .query(({ ctx }) => ctx.services.market.marketStatus(ctx.session)),
});
