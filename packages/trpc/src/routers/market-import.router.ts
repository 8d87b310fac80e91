import { ZMarketImportStartOutput, ZMarketImportStatus } from '@tradebot/api-contract';
import { adminProcedure, router } from '../trpc.js';

/** The admin dashboard's market-data import of the server's configured folder. */
export const marketImportRouter = router({
  start: adminProcedure
    .output(ZMarketImportStartOutput)
    .mutation(({ ctx }) => ctx.services.marketImport.start(ctx.session)),
  status: adminProcedure
    .output(ZMarketImportStatus)
    .query(({ ctx }) => ctx.services.marketImport.status()),
});
