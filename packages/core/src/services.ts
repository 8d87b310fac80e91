import { accountService } from './account/account.service.js';
import { accountDeletionService } from './account/account-deletion.service.js';
import { alertDeliveryService } from './alerts/alert-delivery.js';
import { alertSettingsService } from './alerts/alert-settings.service.js';
import { writeDailySummaries } from './alerts/daily-summary.js';
import { adminReportsService } from './admin/admin-reports.service.js';
import { adminService } from './admin/admin.service.js';
import { systemStatusService } from './admin/system-status.service.js';
import { authService } from './auth/auth.service.js';
import { emailVerificationService } from './auth/email-verification.service.js';
import { passwordService } from './auth/password.service.js';
import { sessionService } from './auth/session.service.js';
import { twoFactorService } from './auth/two-factor.service.js';
import type { BillingProvider } from './billing/billing-provider.js';
import { subscriptionService } from './billing/subscription.service.js';
import { clientErrorService } from './client-errors/client-error.service.js';
import { backtestJobsService } from './backtest/backtest-jobs.service.js';
import { portfolioPreviewService } from './portfolio/portfolio-preview.service.js';
import type { DemoClockService } from './demo-market/demo-clock-sync.js';
import { botService } from './bot/bot.service.js';
import { botEngineService } from './bot/engine/tick.js';
import { backtestSettingsService } from './backtest/backtest-settings.service.js';
import { listMovesService } from './stock-lists/list-moves.service.js';
import { tradingSettingsService } from './trading-settings/trading-settings.service.js';
import type { ServiceDeps } from './deps.js';
import { mailDeliveryService } from './mail/mail-delivery.js';
import { activeMarketService } from './active-market/active-market.js';
import { marketUniverseService } from './market-universe/market-universe.service.js';
import { mlScoreService } from './ml-score/ml-score.service.js';
import { newsService } from './news/news.service.js';
import { metricsRefreshService } from './market-universe/metrics-refresh.service.js';
import { notificationService } from './notifications/notification.service.js';
import { stockListsService } from './stock-lists/stock-lists.service.js';
import { explorerService } from './explorer/explorer.service.js';
import { marketImportJobService } from './market-universe/market-import-job.service.js';
import { alpacaUniverseJobService } from './market-universe/alpaca-universe-job.service.js';
import { screenerTemplatesService } from './screener/screener-templates.service.js';
import { queueScreenerJobs, screenerService } from './screener/screener.service.js';

/**
 * Wires the services once per process. tRPC procedures (and through them the REST shims) and
 * worker processors all call these; the `Services` type is inferred from here.
 */
export function createServices(
  deps: ServiceDeps,
  demoClock: DemoClockService,
  billing?: BillingProvider,
) {
  const sessions = sessionService(deps);
  const verification = emailVerificationService(deps);
  const market = activeMarketService(deps);
  const screeningTemplates = screenerTemplatesService(deps);
  const mlScore = mlScoreService(deps);
  const news = newsService(deps, market);
  const tradingSettings = tradingSettingsService(deps, market);
  const bot = botService(
    deps,
    market,
    async (userId) => (await tradingSettings.settings(userId)).sleep_interval,
  );
  const alpacaUniverse = alpacaUniverseJobService(deps);
  const accountDeletion = accountDeletionService(deps, bot.stopNow);
  const services = {
    auth: {
      ...authService(deps, sessions, verification.sendVerification),
      ...twoFactorService(deps, sessions),
      ...passwordService(deps, sessions),
      verifyEmail: verification.verifyEmail,
      requestEmailVerification: verification.requestEmailVerification,
    },
    account: accountService(deps, market),
    accountDeletion,
    market,
    subscription: subscriptionService(deps, billing),
    admin: {
      ...adminService(deps, accountDeletion.eraseAccount),
      ...adminReportsService(deps),
      ...systemStatusService(deps),
    },
    demoClock,
    clientErrors: clientErrorService(deps),
    notifications: notificationService(deps),
    alerts: {
      ...alertSettingsService(deps),
      ...alertDeliveryService(deps),
      writeDailySummaries: () => writeDailySummaries(deps),
    },
    mail: mailDeliveryService(deps),
    marketUniverse: marketUniverseService(deps),
    stockLists: {
      ...stockListsService(deps, market, news),
      ...listMovesService(deps, market, bot.trackedSymbols),
    },
    tradingSettings,
    backtests: backtestJobsService(deps, market, {
      // A short needs the user's general short_atr_threshold, as the bot's will.
      general: async (userId) => ({
        shortAtrThreshold: (await tradingSettings.settings(userId)).short_atr_threshold,
      }),
    }),
    backtestSettings: backtestSettingsService(deps),
    portfolio: portfolioPreviewService(deps, market, tradingSettings),
    bot,
    botEngine: botEngineService(deps),
    mlScore,
    news,
    metrics: metricsRefreshService(deps),
    explorer: explorerService(deps, market, alpacaUniverse.notice),
    marketImport: marketImportJobService(deps),
    alpacaUniverse,
    screeningTemplates,
    screener: screenerService(
      deps,
      market,
      screeningTemplates,
      queueScreenerJobs(deps.screenerQueue),
      mlScore,
      alpacaUniverse.notice,
    ),
  };
  return { services, sessions };
}

export type Services = ReturnType<typeof createServices>['services'];
