import {
  ZAlertSettingsInput,
  ZAlertSettingsOutput,
  ZAlertTestInput,
  ZAlertTestOutput,
  ZMessageOutput,
} from '@tradebot/api-contract';
import { authedProcedure, router } from '../trpc.js';

/** The Alerts card of account settings: channels, events, a test per channel. */
export const alertsRouter = router({
  settings: authedProcedure
    .output(ZAlertSettingsOutput)
    .query(({ ctx }) => ctx.services.alerts.read(ctx.session.userId)),
  /** Rate-limited; a webhook address is checked against the private network before it is kept. */
  save: authedProcedure
    .input(ZAlertSettingsInput)
    .output(ZMessageOutput.extend({ settings: ZAlertSettingsOutput }))
    .mutation(({ ctx, input }) => ctx.services.alerts.save(ctx.session, input)),
  /** Sends one test alert now (rate-limited) and says what the receiver answered. */
  test: authedProcedure
    .input(ZAlertTestInput)
    .output(ZAlertTestOutput)
    .mutation(({ ctx, input }) => ctx.services.alerts.test(ctx.session, input.channel)),
});
