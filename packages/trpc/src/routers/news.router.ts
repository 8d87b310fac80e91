import { ZNewsSentimentOutput } from '@tradebot/api-contract';
import { authedProcedure, router } from '../trpc.js';

export const newsRouter = router({
  /** The cached news of the user's monitored symbols on the user's market, newest first. */
  sentiment: authedProcedure
    .output(ZNewsSentimentOutput)
    .query(({ ctx }) => ctx.services.news.forUser(ctx.session)),
});
