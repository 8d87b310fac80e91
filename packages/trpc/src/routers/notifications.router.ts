import { ZMessageOutput, ZNotificationsOutput } from '@tradebot/api-contract';
import { authedProcedure, router } from '../trpc.js';

export const notificationsRouter = router({
  list: authedProcedure
    .output(ZNotificationsOutput)
    .query(({ ctx }) => ctx.services.notifications.list(ctx.session.userId)),
  clear: authedProcedure
    .output(ZMessageOutput)
    .mutation(({ ctx }) => ctx.services.notifications.clear(ctx.session.userId)),
});
