import { accountRouter } from './routers/account.router.js';
import { adminRouter } from './routers/admin.router.js';
import { authRouter } from './routers/auth.router.js';
import { clientErrorRouter } from './routers/client-error.router.js';
import { marketRouter } from './routers/market.router.js';
import { notificationsRouter } from './routers/notifications.router.js';
import { stockListsRouter } from './routers/stock-lists.router.js';
import { screenerRouter } from './routers/screener.router.js';
import { router } from './trpc.js';

export const appRouter = router({
  auth: authRouter,
  account: accountRouter,
  market: marketRouter,
  notifications: notificationsRouter,
  admin: adminRouter,
  clientError: clientErrorRouter,
  stockLists: stockListsRouter,
  screener: screenerRouter,
});

export type AppRouter = typeof appRouter;
