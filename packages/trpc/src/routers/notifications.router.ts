import {
  ZMarkNotificationsReadInput,
  ZMessageOutput,
  ZNotificationsOutput,
  ZUnreadNotificationsOutput,
} from '@tradebot/api-contract';
import { authedProcedure, router } from '../trpc.js';

export const notificationsRouter = router({
  list: authedProcedure
    .output(ZNotificationsOutput)
    .query(({ ctx }) => ctx.services.notifications.list(ctx.session.userId)),
  unread: authedProcedure
    .output(ZUnreadNotificationsOutput)
    .query(({ ctx }) => ctx.services.notifications.unread(ctx.session.userId)),
  markRead: authedProcedure
    .input(ZMarkNotificationsReadInput)
    .output(ZUnreadNotificationsOutput)
    .mutation(({ ctx, input }) =>
      ctx.services.notifications.markRead(ctx.session.userId, input.up_to_id),
    ),
  clear: authedProcedure
    .output(ZMessageOutput)
    .mutation(({ ctx }) => ctx.services.notifications.clear(ctx.session.userId)),
});
