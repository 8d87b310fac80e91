import {
  ZAccountSettingsOutput,
  ZUpdateAccountSettingsInput,
  ZUpdateAccountSettingsOutput,
} from '../schemas/account.schema.js';
import { ZSubscribeInput, ZSubscribeOutput } from '../schemas/subscription.schema.js';
import { ZMessageOutput } from '../schemas/auth.schema.js';
import { ZNotificationsOutput } from '../schemas/notification.schema.js';
import { authedProcedure, router } from '../trpc.js';

export const accountRouter = router({
  settings: authedProcedure
    .output(ZAccountSettingsOutput)
    .query(({ ctx }) => ctx.services.account.getSettings(ctx.session.userId)),
  updateSettings: authedProcedure
    .input(ZUpdateAccountSettingsInput)
    .output(ZUpdateAccountSettingsOutput)
    .mutation(({ ctx, input }) => ctx.services.account.updateSettings(ctx.session.userId, input)),
  subscribe: authedProcedure
    .input(ZSubscribeInput)
    .output(ZSubscribeOutput)
    .mutation(({ ctx, input }) => ctx.services.subscription.subscribe(ctx.session.userId, input.plan)),
});

export const notificationsRouter = router({
  list: authedProcedure
    .output(ZNotificationsOutput)
    .query(({ ctx }) => ctx.services.notifications.list(ctx.session.userId)),
  clear: authedProcedure
    .output(ZMessageOutput)
    .mutation(({ ctx }) => ctx.services.notifications.clear(ctx.session.userId)),
});
