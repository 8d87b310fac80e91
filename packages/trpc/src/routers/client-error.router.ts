import { ZClientErrorReport, ZMessageOutput } from '@tradebot/api-contract';
import { publicProcedure, router } from '../trpc.js';

/** Browser error reports: public, rate-limited per IP by the service. */
export const clientErrorRouter = router({
  report: publicProcedure
    .input(ZClientErrorReport)
    .output(ZMessageOutput)
    .mutation(({ ctx, input }) => ctx.services.clientErrors.report(input, ctx.meta)),
});
