import { ZAlpacaUniverseStartOutput, ZAlpacaUniverseStatus } from '@tradebot/api-contract';
import { adminProcedure, router } from '../trpc.js';

/** The admin dashboard's Alpaca universe: start a load now, and its status with progress. */
export const alpacaUniverseRouter = router({
  start: adminProcedure.output(ZAlpacaUniverseStartOutput).mutation(({ ctx }) =>
    ctx.services.alpacaUniverse.request({
      requestedBy: ctx.session.userId,
      keyUserId: ctx.session.userId,
    }),
  ),
  status: adminProcedure
    .output(ZAlpacaUniverseStatus)
    .query(({ ctx }) => ctx.services.alpacaUniverse.status()),
});
