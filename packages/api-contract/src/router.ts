import { accountRouter, notificationsRouter } from './routers/account.router.js';
import { adminRouter, clientErrorRouter } from './routers/admin.router.js';
import { authRouter } from './routers/auth.router.js';
import { router } from './trpc.js';

export const appRouter = router({
  auth: authRouter,
  account: accountRouter,
  notifications: notificationsRouter,
  admin: adminRouter,
  clientError: clientErrorRouter,
});

export type AppRouter = typeof appRouter;
