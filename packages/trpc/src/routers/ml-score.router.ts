import { ZMlModelOutput } from '@tradebot/api-contract';
import { authedProcedure, router } from '../trpc.js';

export const mlScoreRouter = router({
  /**
   * The ML score model of the user's universe (demo or imported data): version, training date,
   * held-out figures against 12-1 momentum and the tooltip text; null before the first training.
   */
  model: authedProcedure
    .output(ZMlModelOutput)
    .query(({ ctx }) =>
      ctx.services.mlScore.modelInfo(ctx.services.market.universeFor(ctx.session)),
    ),
});
