/**
 * What both sides of the wire share, safe to import in the browser: zod schemas, the
 * message catalogue, error codes, the websocket message union and job payload schemas.
 */
export * from './csv.js';
export * from './errors.js';
export * from './messages.js';
export * from './ui-messages.js';
export * from './units.js';
export * from './validation.js';
export * from './ws.js';
export * from './schemas/auth.schema.js';
export * from './schemas/account.schema.js';
export * from './schemas/account-deletion.schema.js';
export * from './schemas/admin.schema.js';
export * from './schemas/admin-system.schema.js';
export * from './schemas/common.schema.js';
export * from './schemas/client-error.schema.js';
export * from './schemas/jobs.schema.js';
export * from './schemas/notification.schema.js';
export * from './schemas/subscription.schema.js';
export * from './plans.js';
export * from './schemas/screening.schema.js';
export * from './screening-labels.js';
export * from './screening-templates.js';
export * from './schemas/stock-lists.schema.js';
export * from './schemas/ml-score.schema.js';
export * from './schemas/news.schema.js';
export * from './schemas/explorer.schema.js';
export * from './schemas/market-import.schema.js';
export * from './schemas/alpaca-universe.schema.js';
export * from './schemas/screener.schema.js';
export * from './schemas/backtest-settings.schema.js';
export * from './schemas/trading-settings.schema.js';
export * from './schemas/backtest-jobs.schema.js';
export * from './schemas/backtest-robustness.schema.js';
export * from './schemas/portfolio.schema.js';
export * from './schemas/bot.schema.js';
export * from './schemas/bot-twin.schema.js';
export * from './schemas/alerts.schema.js';
