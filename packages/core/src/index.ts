/** packages/core: the services by domain and the security primitives (docs/architecture.md). */
export * from './env.js';
export * from './settings-table.js';
export type { ServiceDeps } from './deps.js';
export type { RequestMeta, SessionInfo, TemporaryPurpose } from './types.js';
export { createServices, type Services } from './services.js';
export { createCoreRuntime, type CoreRuntime } from './runtime.js';
export { deploymentNamespace } from './redis-namespace.js';
export { registerUser } from './auth/register-user.js';
export { SESSION_POLICY, type SessionService } from './auth/session.service.js';
export type { BillingProvider } from './billing/billing-provider.js';
export { mailDeliveryService } from './mail/mail-delivery.js';
export { outboxMailer, type Mailer, type MailMessage } from './mail/outbox-mailer.js';
export { openSecrets, REDACTED, secretSlot } from './mail/mail-secrets.js';
export { aad, createCipher, encryptionKeyId, type Cipher } from './security/cipher.js';
export {
  rotateEncryptionKey,
  valuesLeftToRotate,
  type RotationReport,
} from './security/key-rotation.js';
export {
  LOGIN_DELAY,
  loginDelayMs,
  RATE_LIMITS,
  type RateBucket,
  type RateLimiter,
} from './security/rate-limit.js';
export { hashToken } from './security/tokens.js';
export { totpCode, totpUri, TOTP_PERIOD_SECONDS } from './security/totp.js';
export {
  createDemoMarketRuntime,
  type ActiveMarketService,
  type DemoMarketRuntime,
  type MarketDeps,
  type MarketName,
  type MarketSource,
  type UniverseName,
  universeOf,
} from './active-market/active-market.js';
export { demoBrokerFor, demoAccountNumber, demoAccountSeed } from './demo-market/demo-broker.js';
export {
  alpacaBudgetKey,
  alpacaLimiters,
  type AlpacaBudgetSettings,
  type AlpacaLimiterFactory,
} from './active-market/alpaca-limiter.js';
export { alpacaClientsFor } from './active-market/alpaca-clients.js';
export { redisUserEvents, type UserEvents } from './events/user-events.js';
export {
  importMarketData,
  listImportFiles,
  type ImportOptions,
  type ImportProgress,
  type ImportReport,
} from './market-universe/market-data-import.js';
export { mlScoreService, type MlScoreService } from './ml-score/ml-score.service.js';
export {
  fundamentalsProviderFor,
  refreshFundamentalsFromProvider,
  type ProviderRefreshOptions,
  type ProviderRefreshProgress,
  type ProviderRefreshReport,
} from './market-universe/provider-refresh.js';
export { NEWS_LOOKBACK_MS, NEWS_RETENTION_MS } from './news/news-refresh.js';
export { demoLogoPath } from './explorer/explorer.service.js';
export { MARKET_IMPORT_TASK } from './market-universe/market-import-job.service.js';
export {
  ALPACA_UNIVERSE_TASK,
  alpacaUniverseJobService,
} from './market-universe/alpaca-universe-job.service.js';
export {
  ALPACA_HISTORY_YEARS,
  lastCompletedSession,
  loadAlpacaUniverse,
  topUpAlpacaBars,
  type AlpacaLoadReport,
} from './market-universe/alpaca-universe-load.js';
export { memoryUniverseData } from './market-universe/alpaca-universe-memory.js';
export {
  screenerService,
  type MlScoreSource,
  type ScreenerJobs,
  type ScreenerService,
} from './screener/screener.service.js';
export { screenStoredUniverse } from './screener/screen-stored.js';
export {
  portfolioPreviewService,
  queuePortfolioJobs,
  type PortfolioJobs,
  type PortfolioPreviewService,
} from './portfolio/portfolio-preview.service.js';
export {
  backtestJobsService,
  queueBacktestJobs,
  type BacktestJobs,
  type BacktestJobsService,
} from './backtest/backtest-jobs.service.js';
export {
  configOf,
  DEFAULT_BACKTEST_GENERAL,
  optimizeSymbol,
  seedOf,
  type BacktestBudget,
  type BacktestGeneral,
} from './backtest/backtest-optimize.js';
export { demoBars, planBacktest } from './backtest/backtest-bars.js';
export { botEngineService, type BotEngineService } from './bot/engine/tick.js';
export { decideAtClose } from './bot/engine/decide.js';
export { syncCashActivities } from './bot/reads/cash.js';
export { healBotSchedulers, upsertBotScheduler } from './bot/control/scheduler.js';
export { dispatchAlerts } from './alerts/alert-dispatch.js';
export { ALERTS_PER_MINUTE, foldText } from './alerts/alert-delivery.js';
export { isPrivateAddress, checkWebhookTarget, WebhookRefused } from './alerts/webhook-guard.js';
export {
  alertDeliveries,
  botTickSeconds,
  brokerErrors,
  collectProcessMetrics,
  metricsAuthorized,
  metricsRegistry,
  ordersSent,
} from './observability/metrics.js';
