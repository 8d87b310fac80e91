import {
  ZAccountSettingsOutput,
  ZDeleteAccountInput,
  ZDeleteAccountOutput,
  ZSubscribeInput,
  ZSubscribeOutput,
  ZTestConnectionInput,
  ZTestConnectionOutput,
  ZUpdateAccountSettingsInput,
  ZUpdateAccountSettingsOutput,
  ZUseDemoMarketOutput,
} from '@tradebot/api-contract';
import { authedProcedure, router } from '../trpc.js';

export const accountRouter = router({
  settings: authedProcedure
    .output(ZAccountSettingsOutput)
    .query(({ ctx }) => ctx.services.account.getSettings(ctx.session)),
  updateSettings: authedProcedure
    .input(ZUpdateAccountSettingsInput)
    .output(ZUpdateAccountSettingsOutput)
    .mutation(({ ctx, input }) => ctx.services.account.updateSettings(ctx.session.userId, input)),
  /** "Test connection": reads the Alpaca account with entered or saved keys (rate-limited). */
  testConnection: authedProcedure
    .input(ZTestConnectionInput)
    .output(ZTestConnectionOutput)
    .mutation(({ ctx, input }) => ctx.services.account.testConnection(ctx.session, input)),
  /** "Use the demo market": onboards a user without keys on the demo market (idempotent). */
  useDemoMarket: authedProcedure
    .output(ZUseDemoMarketOutput)
    .mutation(({ ctx }) => ctx.services.market.useDemoMarket(ctx.session)),
  /** "Delete account": stops the bot, cancels its waiting orders, erases every row of the user. */
  deleteAccount: authedProcedure
    .input(ZDeleteAccountInput)
    .output(ZDeleteAccountOutput)
    .mutation(({ ctx, input }) => ctx.services.accountDeletion.deleteAccount(ctx.session, input)),
  subscribe: authedProcedure
    .input(ZSubscribeInput)
    .output(ZSubscribeOutput)
    .mutation(({ ctx, input }) =>
      ctx.services.subscription.subscribe(ctx.session.userId, input.plan),
    ),
});
