import {
  ZExploreInput,
  ZExploreOutput,
  ZLogosBatchInput,
  ZLogosOutput,
  ZStockCountOutput,
} from '@tradebot/api-contract';
import { authedProcedure, router } from '../trpc.js';

/** The Stock Explorer over the user's universe, and logos (shared with screener and dashboard). */
export const explorerRouter = router({
  explore: authedProcedure
    .input(ZExploreInput)
    .output(ZExploreOutput)
    .mutation(({ ctx, input }) => ctx.services.explorer.explore(ctx.session, input)),
  count: authedProcedure
    .output(ZStockCountOutput)
    .query(({ ctx }) => ctx.services.explorer.count(ctx.session)),
  logos: authedProcedure
    .input(ZLogosBatchInput)
    .output(ZLogosOutput)
    .mutation(({ ctx, input }) => ctx.services.explorer.logos(ctx.session, input.symbols)),
});
