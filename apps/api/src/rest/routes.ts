import type { FastifyRequest } from 'fastify';
import type { RestRoute } from './shim.js';

/**
 * An object body; a missing one reads as {}. Every object input either requires its fields (so {}
 * is refused) or changes only the fields it names (so {} changes nothing): no default replaces
 * data. A list that replaces data (update-final-trading-config) takes its body as sent.
 */
const body = (request: FastifyRequest) => (request.body ?? {}) as Record<string, unknown>;
const param = (request: FastifyRequest, name: string) =>
  (request.params as Record<string, string>)[name];
const withId =
  (extra: (request: FastifyRequest) => Record<string, unknown>) => (request: FastifyRequest) => ({
    id: param(request, 'id'),
    ...extra(request),
  });

/**
 * Every REST path, in one place (CONVENTIONS.md §5), each naming the tRPC procedure it calls.
 * "spec" marks paths of spec §7; "ours" marks paths the spec lists as routes without calls
 * (§2) or that admins and scripts need.
 */
export const restRoutes: readonly RestRoute[] = [
  // spec §7 Authentication and session
  { method: 'POST', path: '/api/token', procedure: 'auth.login', input: body },
  { method: 'POST', path: '/api/verify-2fa', procedure: 'auth.verify2fa', input: body },
  { method: 'POST', path: '/api/token/refresh', procedure: 'auth.refresh' },
  { method: 'GET', path: '/api/status', procedure: 'auth.status' },
  { method: 'GET', path: '/api/user/onboarding-status', procedure: 'auth.onboardingStatus' },
  { method: 'POST', path: '/api/signup', procedure: 'auth.signup', input: body },
  { method: 'POST', path: '/api/enable-2fa', procedure: 'auth.enable2fa', input: body },
  // ours: logout, change password, and the public routes of spec §2 (forgot/reset password, verify email)
  { method: 'POST', path: '/api/logout', procedure: 'auth.logout' },
  { method: 'POST', path: '/api/forgot-password', procedure: 'auth.forgotPassword', input: body },
  { method: 'POST', path: '/api/reset-password', procedure: 'auth.resetPassword', input: body },
  { method: 'POST', path: '/api/change-password', procedure: 'auth.changePassword', input: body },
  { method: 'POST', path: '/api/verify-email', procedure: 'auth.verifyEmail', input: body },
  {
    method: 'POST',
    path: '/api/request-email-verification',
    procedure: 'auth.requestEmailVerification',
  },
  // spec §7 Dashboard (notifications)
  { method: 'GET', path: '/api/notifications', procedure: 'notifications.list' },
  { method: 'DELETE', path: '/api/notifications/clear', procedure: 'notifications.clear' },
  // ours: the bell's unread count, and marking read what it showed ({ up_to_id })
  { method: 'GET', path: '/api/notifications/unread', procedure: 'notifications.unread' },
  {
    method: 'POST',
    path: '/api/notifications/mark-read',
    procedure: 'notifications.markRead',
    input: body,
  },
  { method: 'GET', path: '/api/get-market-status', procedure: 'market.status' },
  // spec §7 Account, subscription
  { method: 'GET', path: '/api/account-settings', procedure: 'account.settings' },
  {
    method: 'POST',
    path: '/api/update-account-settings',
    procedure: 'account.updateSettings',
    input: body,
  },
  // ours: "Test connection" in account settings (Alpaca account with entered or saved keys)
  {
    method: 'POST',
    path: '/api/account/test-connection',
    procedure: 'account.testConnection',
    input: body,
  },
  // ours: "Use the demo market" (starting without Alpaca keys)
  { method: 'POST', path: '/api/use-demo-market', procedure: 'account.useDemoMarket' },
  // ours: "Delete account" (typed username, password and 2FA code; the user's rows are erased)
  { method: 'POST', path: '/api/account/delete', procedure: 'account.deleteAccount', input: body },
  { method: 'POST', path: '/subscribe', procedure: 'account.subscribe', input: body },
  // spec §7 Admin
  { method: 'GET', path: '/api/admin/users', procedure: 'admin.users' },
  {
    method: 'POST',
    path: '/api/admin/update-user/:id',
    procedure: 'admin.updateUser',
    input: withId((request) => ({ patch: body(request) })),
  },
  {
    method: 'DELETE',
    path: '/api/admin/delete-user/:id',
    procedure: 'admin.deleteUser',
    input: withId(() => ({})),
  },
  // ours: admin plan grants (billing port default), error reports and the dev mail outbox
  {
    method: 'POST',
    path: '/api/admin/grant-plan/:id',
    procedure: 'admin.grantPlan',
    input: withId((request) => ({ plan: body(request).plan })),
  },
  // ours: an admin marks a user's email verified (a self-hosted server without SMTP sends no link)
  {
    method: 'POST',
    path: '/api/admin/verify-email/:id',
    procedure: 'admin.markEmailVerified',
    input: withId(() => ({})),
  },
  { method: 'GET', path: '/api/admin/client-errors', procedure: 'admin.clientErrors' },
  { method: 'GET', path: '/api/admin/mail-outbox', procedure: 'admin.mailOutbox' },
  // spec §7 Strategy settings and Explorer: the stock lists
  { method: 'GET', path: '/api/backtest/stocks', procedure: 'stockLists.backtestList' },
  {
    method: 'POST',
    path: '/api/backtest/stocks',
    procedure: 'stockLists.addToBacktestList',
    input: body,
  },
  {
    method: 'POST',
    path: '/api/select-stocks-for-backtest',
    procedure: 'stockLists.addToBacktestList',
    input: body,
  },
  {
    method: 'POST',
    path: '/api/save-to-optimized-parameters',
    procedure: 'stockLists.saveToOptimized',
    input: body,
  },
  { method: 'GET', path: '/api/get-backtester-output', procedure: 'stockLists.backtesterOutput' },
  // spec §7 Strategy settings: moves along the flow (Optimized Parameters ⇄ Final Trading List)
  {
    method: 'POST',
    path: '/api/remove-from-best-parameters',
    procedure: 'stockLists.removeFromOptimized',
    input: body,
  },
  {
    method: 'POST',
    path: '/api/select-for-trading',
    procedure: 'stockLists.selectForTrading',
    input: body,
  },
  {
    method: 'GET',
    path: '/api/get-final-trading-config',
    procedure: 'stockLists.finalTradingConfig',
  },
  {
    method: 'POST',
    path: '/api/update-final-trading-config',
    procedure: 'stockLists.updateFinalTradingConfig',
    // The whole list: a missing or null body is refused (400), emptying takes an explicit [].
    input: (request) => request.body,
  },
  // ours: Remove Selected (backtesting list), Undo, Reset, the per-stock parameter schema
  {
    method: 'POST',
    path: '/api/backtest/stocks/remove',
    procedure: 'stockLists.removeFromBacktestList',
    input: body,
  },
  { method: 'GET', path: '/api/final-trading-list/undo', procedure: 'stockLists.undoState' },
  { method: 'POST', path: '/api/final-trading-list/undo', procedure: 'stockLists.undo' },
  {
    method: 'POST',
    path: '/api/reset-optimized-parameters',
    procedure: 'stockLists.resetOptimized',
  },
  {
    method: 'GET',
    path: '/api/strategy/parameter-schema',
    procedure: 'stockLists.parameterSchema',
  },
  // spec §7 Strategy settings: general trading settings (the bot config)
  { method: 'GET', path: '/api/config', procedure: 'tradingSettings.get' },
  { method: 'POST', path: '/api/update-config', procedure: 'tradingSettings.update', input: body },
  // spec §7 Strategy settings: backtest jobs (one request per symbol); ours: progress, result
  { method: 'POST', path: '/api/run-backtester', procedure: 'backtests.run', input: body },
  { method: 'GET', path: '/api/backtest/progress', procedure: 'backtests.progress' },
  {
    method: 'GET',
    path: '/api/backtest/result/:symbol',
    procedure: 'backtests.result',
    input: (request) => ({ symbol: param(request, 'symbol') }),
  },
  // spec §7 Dashboard: the trading bot; ours: the kill switch and a symbol's price chart with fills
  { method: 'POST', path: '/api/start', procedure: 'bot.start' },
  { method: 'POST', path: '/api/stop', procedure: 'bot.stop' },
  { method: 'POST', path: '/api/restart', procedure: 'bot.restart' },
  { method: 'GET', path: '/api/bot/status', procedure: 'bot.status' },
  { method: 'POST', path: '/api/kill-switch', procedure: 'bot.killSwitch' },
  {
    method: 'POST',
    path: '/api/manual-sell/:symbol',
    procedure: 'bot.manualSell',
    input: (request) => ({ symbol: param(request, 'symbol') }),
  },
  { method: 'GET', path: '/api/positions', procedure: 'bot.positions' },
  { method: 'GET', path: '/api/tracked-symbols', procedure: 'bot.trackedSymbols' },
  { method: 'GET', path: '/api/historical-performance', procedure: 'bot.historicalPerformance' },
  { method: 'GET', path: '/api/logs', procedure: 'bot.logs' },
  {
    method: 'GET',
    path: '/api/bot/chart/:symbol',
    procedure: 'bot.chart',
    input: (request) => ({ symbol: param(request, 'symbol') }),
  },
  // ours: the account history (dividends the broker booked)
  { method: 'GET', path: '/api/bot/account-history', procedure: 'bot.accountHistory' },
  // ours: alerts outside the app (account settings' Alerts card)
  { method: 'GET', path: '/api/alerts/settings', procedure: 'alerts.settings' },
  { method: 'POST', path: '/api/alerts/settings', procedure: 'alerts.save', input: body },
  { method: 'POST', path: '/api/alerts/test', procedure: 'alerts.test', input: body },
  // ours: the bot's open orders and the cancel of an entry waiting for the next open
  { method: 'GET', path: '/api/bot/open-orders', procedure: 'bot.openOrders' },
  { method: 'POST', path: '/api/bot/open-orders/cancel', procedure: 'bot.cancelOpenOrder' },
  // spec §7 Live log
  { method: 'GET', path: '/api/get-live-log', procedure: 'bot.liveLog' },
  // spec §7 Strategy settings: the backtest settings form
  { method: 'GET', path: '/api/backtest/settings', procedure: 'backtestSettings.get' },
  {
    method: 'POST',
    path: '/api/backtest/settings',
    procedure: 'backtestSettings.save',
    input: body,
  },
  // ours: skip the demo market ahead ({ hours }), admins only
  {
    method: 'POST',
    path: '/api/admin/demo-clock/advance',
    procedure: 'admin.advanceDemoClock',
    input: body,
  },
  // spec §7 Dashboard: news sentiment (read from the cache the worker refreshes)
  { method: 'GET', path: '/api/get-news-sentiment', procedure: 'news.sentiment' },
  // ours: enqueue the technical metrics refresh now ({ universe?: 'demo' | 'csv' | 'alpaca' })
  {
    method: 'POST',
    path: '/api/admin/refresh-metrics',
    procedure: 'admin.refreshMetrics',
    input: body,
  },
  // spec §7 Explorer and Dashboard: search, universe size, logos
  { method: 'POST', path: '/api/stocks/explore', procedure: 'explorer.explore', input: body },
  { method: 'GET', path: '/api/stocks/count', procedure: 'explorer.count' },
  { method: 'POST', path: '/api/stocks/logos/batch', procedure: 'explorer.logos', input: body },
  // ours: the admin's market-data import (the server's MARKET_DATA_DIR) and its status/report
  { method: 'POST', path: '/api/admin/import-market-data', procedure: 'adminMarketImport.start' },
  { method: 'GET', path: '/api/admin/import-market-data', procedure: 'adminMarketImport.status' },
  // ours: the admin's load of the Alpaca universe (listings and daily bars) and its status
  { method: 'POST', path: '/api/admin/alpaca-universe', procedure: 'adminAlpacaUniverse.start' },
  { method: 'GET', path: '/api/admin/alpaca-universe', procedure: 'adminAlpacaUniverse.status' },
  // spec §7 Strategy settings: screening templates and the screener
  { method: 'GET', path: '/api/screening/templates', procedure: 'screener.templates' },
  {
    method: 'POST',
    path: '/api/screening/save-template',
    procedure: 'screener.saveTemplate',
    input: body,
  },
  {
    method: 'DELETE',
    path: '/api/screening/delete-template/:name',
    procedure: 'screener.deleteTemplate',
    input: (request) => ({ name: param(request, 'name') }),
  },
  { method: 'POST', path: '/api/run-screener', procedure: 'screener.run', input: body },
  { method: 'GET', path: '/api/get-screener-output', procedure: 'screener.output' },
  // spec §7 Error reporting
  { method: 'POST', path: '/api/log-client-error', procedure: 'clientError.report', input: body },
  // ours: the screener's ML score model (what the "ML score" column's tooltip says)
  { method: 'GET', path: '/api/screening/ml-model', procedure: 'mlScore.model' },
];
