import {
  ZBacktestSettings,
  ZBacktestSettingsInput,
  ZSaveBacktestSettingsOutput,
} from '@tradebot/api-contract';
import { authedProcedure, router } from '../trpc.js';

/** The Backtesting tab's settings form. */
export const backtestSettingsRouter = router({
  get: authedProcedure
    .output(ZBacktestSettings)
    .query(({ ctx }) => ctx.services.backtestSettings.get(ctx.session)),
  save: authedProcedure
    .input(ZBacktestSettingsInput)
    .output(ZSaveBacktestSettingsOutput)
    .mutation(({ ctx, input }) => ctx.services.backtestSettings.save(ctx.session, input)),
});
