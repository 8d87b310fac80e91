import { ZConfigOutput, ZUpdateConfigInput, ZUpdateConfigOutput } from '@tradebot/api-contract';
import { authedProcedure, router } from '../trpc.js';

/** General trading settings and the bot config. */
export const tradingSettingsRouter = router({
  get: authedProcedure
    .output(ZConfigOutput)
    .query(({ ctx }) => ctx.services.tradingSettings.get(ctx.session)),
  update: authedProcedure
    .input(ZUpdateConfigInput)
    .output(ZUpdateConfigOutput)
    .mutation(({ ctx, input }) => ctx.services.tradingSettings.update(ctx.session, input.trading)),
});
