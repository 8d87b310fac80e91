import { accountRouter } from './routers/account.router.js';
import { alertsRouter } from './routers/alerts.router.js';
import { adminRouter } from './routers/admin.router.js';
import { authRouter } from './routers/auth.router.js';
import { clientErrorRouter } from './routers/client-error.router.js';
import { marketRouter } from './routers/market.router.js';
import { mlScoreRouter } from './routers/ml-score.router.js';
import { newsRouter } from './routers/news.router.js';
import { notificationsRouter } from './routers/notifications.router.js';
import { stockListsRouter } from './routers/stock-lists.router.js';
import { backtestSettingsRouter } from './routers/backtest-settings.router.js';
import { explorerRouter } from './routers/explorer.router.js';
import { marketImportRouter } from './routers/market-import.router.js';
import { alpacaUniverseRouter } from './routers/alpaca-universe.router.js';
import { screenerRouter } from './routers/screener.router.js';
import { tradingSettingsRouter } from './routers/trading-settings.router.js';
import { backtestsRouter } from './routers/backtests.router.js';
import { portfolioRouter } from './routers/portfolio.router.js';
import { botRouter } from './routers/bot.router.js';
import { router } from './trpc.js';

export const appRouter = router({
  auth: authRouter,
  account: accountRouter,
  market: marketRouter,
  notifications: notificationsRouter,
  admin: adminRouter,
  clientError: clientErrorRouter,
  stockLists: stockListsRouter,
  backtestSettings: backtestSettingsRouter,
  mlScore: mlScoreRouter,
  news: newsRouter,
  explorer: explorerRouter,
  adminMarketImport: marketImportRouter,
  adminAlpacaUniverse: alpacaUniverseRouter,
  screener: screenerRouter,
  tradingSettings: tradingSettingsRouter,
  backtests: backtestsRouter,
  portfolio: portfolioRouter,
  bot: botRouter,
  alerts: alertsRouter,
});

export type AppRouter = typeof appRouter;
