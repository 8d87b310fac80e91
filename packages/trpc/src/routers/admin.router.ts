import {
  ZAdvanceDemoClockInput,
  ZAdvanceDemoClockOutput,
  ZAdminDeleteUserInput,
  ZAdminGrantPlanInput,
  ZAdminMailOutput,
  ZAdminSystemOutput,
  ZAdminUpdateUserInput,
  ZAdminUserIdInput,
  ZAdminUsersOutput,
  ZClientErrorList,
  ZMessageOutput,
  ZRefreshMetricsInput,
} from '@tradebot/api-contract';
import { adminProcedure, router } from '../trpc.js';

export const adminRouter = router({
  users: adminProcedure
    .output(ZAdminUsersOutput)
    .query(({ ctx }) => ctx.services.admin.listUsers()),
  updateUser: adminProcedure
    .input(ZAdminUpdateUserInput)
    .output(ZMessageOutput)
    .mutation(({ ctx, input }) =>
      ctx.services.admin.updateUser(ctx.session.userId, input.id, input.patch),
    ),
  deleteUser: adminProcedure
    .input(ZAdminDeleteUserInput)
    .output(ZMessageOutput)
    .mutation(({ ctx, input }) => ctx.services.admin.deleteUser(ctx.session.userId, input.id)),
  grantPlan: adminProcedure
    .input(ZAdminGrantPlanInput)
    .output(ZMessageOutput)
    .mutation(({ ctx, input }) =>
      ctx.services.admin.grantPlan(ctx.session.userId, input.id, input.plan),
    ),
  markEmailVerified: adminProcedure
    .input(ZAdminUserIdInput)
    .output(ZMessageOutput)
    .mutation(({ ctx, input }) => ctx.services.admin.markEmailVerified(input.id)),
  clientErrors: adminProcedure
    .output(ZClientErrorList)
    .query(({ ctx }) => ctx.services.admin.listClientErrors()),
  mailOutbox: adminProcedure
    .output(ZAdminMailOutput)
    .query(({ ctx }) => ctx.services.admin.listMail()),
  refreshMetrics: adminProcedure
    .input(ZRefreshMetricsInput)
    .output(ZMessageOutput)
    .mutation(({ ctx, input }) => ctx.services.metrics.triggerRefresh(input?.universe)),
  /** Workers, queues, running bots, recent broker and alert errors, and the demo clock. */
  system: adminProcedure
    .output(ZAdminSystemOutput)
    .query(({ ctx }) => ctx.services.admin.systemStatus()),
  /** Skips the deployment's demo market ahead (every demo user's market moves). */
  advanceDemoClock: adminProcedure
    .input(ZAdvanceDemoClockInput)
    .output(ZAdvanceDemoClockOutput)
    .mutation(({ ctx, input }) => ctx.services.demoClock.advance(input.hours)),
});
