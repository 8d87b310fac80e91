import { backtestTradesCsv, botTradesCsv, botTwinCsv, portfolioTradesCsv } from './csv-exports.js';
import {
  body,
  bodyAsSent,
  params,
  paramsAndBodyFields,
  paramsAndBodyUnder,
  query,
} from './inputs.js';
import { apiReferencePage, openApiJson } from './openapi-page.js';
import type { RestRoute, RestScreen, RestSource } from './shim.js';

/** A route as the table writes it: its screen and source come from the group it is in. */
type RouteEntry = RestRoute extends infer Route
  ? Route extends RestRoute
    ? Omit<Route, 'source' | 'screen'>
    : never
  : never;

/** The calls of one screen: the documented ones (`spec`) and those this app adds (`ours`). */
function onScreen(
  screen: RestScreen,
  routes: Partial<Record<RestSource, readonly RouteEntry[]>>,
): RestRoute[] {
  return (['spec', 'ours'] as const).flatMap((source) =>
    (routes[source] ?? []).map((route) => ({ ...route, source, screen })),
  );
}

/**
 * Every REST path in one place, each naming the tRPC procedure it calls (or, for the API reference,
 * what it renders from this table), grouped by screen.
 */
export const restRoutes: readonly RestRoute[] = [
  ...onScreen('Sign-in and session', {
    spec: [
      { method: 'POST', path: '/api/token', procedure: 'auth.login', input: body },
      { method: 'POST', path: '/api/verify-2fa', procedure: 'auth.verify2fa', input: body },
      { method: 'POST', path: '/api/token/refresh', procedure: 'auth.refresh' },
      { method: 'GET', path: '/api/status', procedure: 'auth.status' },
      { method: 'GET', path: '/api/user/onboarding-status', procedure: 'auth.onboardingStatus' },
      { method: 'POST', path: '/api/signup', procedure: 'auth.signup', input: body },
      { method: 'POST', path: '/api/enable-2fa', procedure: 'auth.enable2fa', input: body },
    ],
    ours: [
      { method: 'POST', path: '/api/logout', procedure: 'auth.logout' },
      {
        method: 'POST',
        path: '/api/forgot-password',
        procedure: 'auth.forgotPassword',
        input: body,
      },
      { method: 'POST', path: '/api/reset-password', procedure: 'auth.resetPassword', input: body },
      {
        method: 'POST',
        path: '/api/change-password',
        procedure: 'auth.changePassword',
        input: body,
      },
      { method: 'POST', path: '/api/verify-email', procedure: 'auth.verifyEmail', input: body },
      {
        method: 'POST',
        path: '/api/request-email-verification',
        procedure: 'auth.requestEmailVerification',
      },
    ],
  }),
  ...onScreen('Dashboard', {
    spec: [
      { method: 'GET', path: '/api/notifications', procedure: 'notifications.list' },
      { method: 'DELETE', path: '/api/notifications/clear', procedure: 'notifications.clear' },
      { method: 'GET', path: '/api/get-market-status', procedure: 'market.status' },
      { method: 'GET', path: '/api/get-news-sentiment', procedure: 'news.sentiment' },
      { method: 'POST', path: '/api/stocks/logos/batch', procedure: 'explorer.logos', input: body },
      { method: 'POST', path: '/api/start', procedure: 'bot.start' },
      { method: 'POST', path: '/api/stop', procedure: 'bot.stop' },
      { method: 'POST', path: '/api/restart', procedure: 'bot.restart' },
      {
        method: 'POST',
        path: '/api/manual-sell/:symbol',
        procedure: 'bot.manualSell',
        input: params,
      },
      { method: 'GET', path: '/api/positions', procedure: 'bot.positions' },
      { method: 'GET', path: '/api/tracked-symbols', procedure: 'bot.trackedSymbols' },
      {
        method: 'GET',
        path: '/api/historical-performance',
        procedure: 'bot.historicalPerformance',
      },
      { method: 'GET', path: '/api/logs', procedure: 'bot.logs' },
    ],
    ours: [
      // The bell's unread count, and marking read what it showed ({ up_to_id }).
      { method: 'GET', path: '/api/notifications/unread', procedure: 'notifications.unread' },
      {
        method: 'POST',
        path: '/api/notifications/mark-read',
        procedure: 'notifications.markRead',
        input: body,
      },
      { method: 'GET', path: '/api/bot/status', procedure: 'bot.status' },
      { method: 'POST', path: '/api/kill-switch', procedure: 'bot.killSwitch' },
      {
        method: 'GET',
        path: '/api/bot/chart/:symbol',
        procedure: 'bot.chart',
        input: params,
      },
      { method: 'GET', path: '/api/bot/trades.csv', procedure: 'bot.trades', csv: botTradesCsv },
      // The live twin: why live differs from the backtest (optional ?from=&to= dates).
      { method: 'GET', path: '/api/bot/twin', procedure: 'bot.twin', input: query },
      {
        method: 'GET',
        path: '/api/bot/twin.csv',
        procedure: 'bot.twin',
        input: query,
        csv: botTwinCsv,
      },
      { method: 'GET', path: '/api/bot/account-history', procedure: 'bot.accountHistory' },
      { method: 'GET', path: '/api/bot/open-orders', procedure: 'bot.openOrders' },
      { method: 'POST', path: '/api/bot/open-orders/cancel', procedure: 'bot.cancelOpenOrder' },
    ],
  }),
  ...onScreen('Strategy settings', {
    spec: [
      { method: 'GET', path: '/api/backtest/settings', procedure: 'backtestSettings.get' },
      {
        method: 'POST',
        path: '/api/backtest/settings',
        procedure: 'backtestSettings.save',
        input: body,
      },
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
        input: params,
      },
      { method: 'POST', path: '/api/run-screener', procedure: 'screener.run', input: body },
      { method: 'GET', path: '/api/get-screener-output', procedure: 'screener.output' },
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
      {
        method: 'GET',
        path: '/api/get-backtester-output',
        procedure: 'stockLists.backtesterOutput',
      },
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
        input: bodyAsSent,
      },
      { method: 'GET', path: '/api/config', procedure: 'tradingSettings.get' },
      {
        method: 'POST',
        path: '/api/update-config',
        procedure: 'tradingSettings.update',
        input: body,
      },
      { method: 'POST', path: '/api/run-backtester', procedure: 'backtests.run', input: body },
    ],
    ours: [
      { method: 'GET', path: '/api/screening/ml-model', procedure: 'mlScore.model' },
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
      { method: 'GET', path: '/api/backtest/progress', procedure: 'backtests.progress' },
      {
        method: 'GET',
        path: '/api/backtest/result/:symbol',
        procedure: 'backtests.result',
        input: params,
      },
      {
        method: 'GET',
        path: '/api/backtest/result/:symbol/trades.csv',
        procedure: 'backtests.result',
        input: params,
        csv: backtestTradesCsv,
      },
      {
        method: 'POST',
        path: '/api/portfolio/backtest',
        procedure: 'portfolio.backtest',
        input: body,
      },
      {
        method: 'GET',
        path: '/api/portfolio/backtest/:id',
        procedure: 'portfolio.backtestResult',
        input: params,
      },
      {
        method: 'GET',
        path: '/api/portfolio/backtest/:id/trades.csv',
        procedure: 'portfolio.backtestResult',
        input: params,
        csv: portfolioTradesCsv,
      },
    ],
  }),
  ...onScreen('Stock Explorer', {
    spec: [
      { method: 'POST', path: '/api/stocks/explore', procedure: 'explorer.explore', input: body },
      { method: 'GET', path: '/api/stocks/count', procedure: 'explorer.count' },
    ],
  }),
  ...onScreen('Account settings and subscription', {
    spec: [
      { method: 'GET', path: '/api/account-settings', procedure: 'account.settings' },
      {
        method: 'POST',
        path: '/api/update-account-settings',
        procedure: 'account.updateSettings',
        input: body,
      },
      { method: 'POST', path: '/subscribe', procedure: 'account.subscribe', input: body },
    ],
    ours: [
      {
        method: 'POST',
        path: '/api/account/test-connection',
        procedure: 'account.testConnection',
        input: body,
      },
      { method: 'POST', path: '/api/use-demo-market', procedure: 'account.useDemoMarket' },
      {
        method: 'POST',
        path: '/api/account/delete',
        procedure: 'account.deleteAccount',
        input: body,
      },
      { method: 'GET', path: '/api/alerts/settings', procedure: 'alerts.settings' },
      { method: 'POST', path: '/api/alerts/settings', procedure: 'alerts.save', input: body },
      { method: 'POST', path: '/api/alerts/test', procedure: 'alerts.test', input: body },
    ],
  }),
  ...onScreen('Live log', {
    spec: [{ method: 'GET', path: '/api/get-live-log', procedure: 'bot.liveLog' }],
  }),
  ...onScreen('Admin dashboard', {
    spec: [
      { method: 'GET', path: '/api/admin/users', procedure: 'admin.users' },
      {
        method: 'POST',
        path: '/api/admin/update-user/:id',
        procedure: 'admin.updateUser',
        input: paramsAndBodyUnder('patch'),
      },
      {
        method: 'DELETE',
        path: '/api/admin/delete-user/:id',
        procedure: 'admin.deleteUser',
        input: params,
      },
    ],
    ours: [
      {
        method: 'POST',
        path: '/api/admin/grant-plan/:id',
        procedure: 'admin.grantPlan',
        input: paramsAndBodyFields('plan'),
      },
      // A self-hosted server without SMTP sends no verification link: an admin marks it.
      {
        method: 'POST',
        path: '/api/admin/verify-email/:id',
        procedure: 'admin.markEmailVerified',
        input: params,
      },
      { method: 'GET', path: '/api/admin/client-errors', procedure: 'admin.clientErrors' },
      { method: 'GET', path: '/api/admin/mail-outbox', procedure: 'admin.mailOutbox' },
      { method: 'GET', path: '/api/admin/system', procedure: 'admin.system' },
      {
        method: 'POST',
        path: '/api/admin/demo-clock/advance',
        procedure: 'admin.advanceDemoClock',
        input: body,
      },
      {
        method: 'POST',
        path: '/api/admin/refresh-metrics',
        procedure: 'admin.refreshMetrics',
        input: body,
      },
      {
        method: 'POST',
        path: '/api/admin/import-market-data',
        procedure: 'adminMarketImport.start',
      },
      {
        method: 'GET',
        path: '/api/admin/import-market-data',
        procedure: 'adminMarketImport.status',
      },
      {
        method: 'POST',
        path: '/api/admin/alpaca-universe',
        procedure: 'adminAlpacaUniverse.start',
      },
      {
        method: 'GET',
        path: '/api/admin/alpaca-universe',
        procedure: 'adminAlpacaUniverse.status',
      },
    ],
  }),
  ...onScreen('Every screen', {
    spec: [
      {
        method: 'POST',
        path: '/api/log-client-error',
        procedure: 'clientError.report',
        input: body,
      },
    ],
  }),
  ...onScreen('API reference', {
    ours: [
      { method: 'GET', path: '/api/openapi.json', reference: openApiJson },
      { method: 'GET', path: '/api/docs', reference: apiReferencePage },
    ],
  }),
];
