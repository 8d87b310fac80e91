import { appRouter } from '@tradebot/trpc';
import { beforeAll, describe, expect, it } from 'vitest';
import { restRoutes } from '../src/rest/routes.js';
import { logIn, signupBody, type TestApi } from './harness.js';
import { adminPaths, adminProcedures } from './isolation-admin.js';
import { botPaths, botProcedures } from './isolation-bot.js';
import {
  alicePreview,
  aliceState,
  expectAliceSeeded,
  expectNothingOfAlice,
  trpcCalls,
  useIsolationApi,
  type Call,
} from './isolation-harness.js';

/**
 * User B must never read or change user A's data through any REST path or tRPC procedure.
 * Every path and procedure must appear in these tables or in the admin ones
 * (isolation-admin.int.test.ts), so a new one cannot slip past.
 */
const world = useIsolationApi();
// The tables read these at call time, once the API has started.
let api: TestApi;
let b: { token: string; userId: number; secret: string };
beforeAll(() => {
  ({ api, b } = world);
});

/** A sign-up for alice's name and address: it must be refused without touching her account. */
const takenSignup = signupBody('alice', { password: 'whatever123', phone_number: '+15550100' });
/** Logout and refresh end the token they are given, so they get a session of B's own. */
const withOwnSession =
  (call: Call): Call =>
  async () =>
    call(await logIn(api, 'bobby', b.secret, '10.0.2.2'));
const rest: Record<string, Call> = {
  'POST /api/token': () =>
    api.http.send('POST', '/api/token', {
      form: { username: 'alice', password: 'wrong password!' },
      ip: '10.0.2.9',
    }),
  'POST /api/verify-2fa': (t) => api.http.post('/api/verify-2fa', { totp_code: '123456' }, t),
  'POST /api/token/refresh': (t) => api.http.post('/api/token/refresh', {}, t),
  'GET /api/status': (t) => api.http.get('/api/status', t),
  'GET /api/user/onboarding-status': (t) => api.http.get('/api/user/onboarding-status', t),
  'POST /api/signup': () =>
    api.http.send('POST', '/api/signup', {
      json: takenSignup,
      ip: '10.0.2.8',
    }),
  'POST /api/enable-2fa': (t) => api.http.post('/api/enable-2fa', { username: 'alice' }, t),
  'POST /api/logout': withOwnSession((t) => api.http.post('/api/logout', undefined, t)),
  'POST /api/forgot-password': () =>
    api.http.send('POST', '/api/forgot-password', {
      json: { email: 'bobby@example.com' },
      ip: '10.0.2.7',
    }),
  'POST /api/reset-password': () =>
    api.http.post('/api/reset-password', {
      token: 'not-a-real-token',
      new_password: 'hijacked-pass',
    }),
  // B changes B's own password to the same text, so B's later logins still work.
  'POST /api/change-password': (t) =>
    api.http.post(
      '/api/change-password',
      { current_password: 'correct horse battery', new_password: 'correct horse battery' },
      t,
    ),
  'POST /api/verify-email': () => api.http.post('/api/verify-email', { token: 'not-a-real-token' }),
  'POST /api/request-email-verification': (t) =>
    api.http.post('/api/request-email-verification', undefined, t),
  'GET /api/notifications': (t) => api.http.get('/api/notifications', t),
  'DELETE /api/notifications/clear': (t) => api.http.del('/api/notifications/clear', t),
  'GET /api/notifications/unread': (t) => api.http.get('/api/notifications/unread', t),
  // Up to every id there is: only B's own may be marked.
  'POST /api/notifications/mark-read': (t) =>
    api.http.post('/api/notifications/mark-read', { up_to_id: 2_147_483_647 }, t),
  'GET /api/account-settings': (t) => api.http.get('/api/account-settings', t),
  'POST /api/update-account-settings': (t) =>
    api.http.post(
      '/api/update-account-settings',
      {
        alpaca_environment: 'paper',
        alpaca_api_key_paper: 'PKBOBBY1',
        alpaca_api_secret_paper: 'bobby-secret',
      },
      t,
    ),
  'GET /api/get-market-status': (t) => api.http.get('/api/get-market-status', t),
  'GET /api/alerts/settings': (t) => api.http.get('/api/alerts/settings', t),
  'POST /api/alerts/settings': (t) =>
    api.http.post('/api/alerts/settings', { events: { fills: true } }, t),
  'POST /api/alerts/test': (t) => api.http.post('/api/alerts/test', { channel: 'webhook' }, t),
  'POST /api/account/test-connection': (t) =>
    api.http.post('/api/account/test-connection', { environment: 'paper' }, t),
  'POST /api/use-demo-market': (t) => api.http.post('/api/use-demo-market', undefined, t),
  // Naming alice is refused before any check: only the session's own account can go.
  'POST /api/account/delete': (t) =>
    api.http.post(
      '/api/account/delete',
      { confirm_username: 'alice', password: 'correct horse battery', totp_code: '123456' },
      t,
    ),
  'POST /subscribe': (t) => api.http.post('/subscribe', { plan: 'basic' }, t),
  'GET /api/backtest/stocks': (t) => api.http.get('/api/backtest/stocks', t),
  'POST /api/backtest/stocks': (t) =>
    api.http.post('/api/backtest/stocks', { symbols: ['ALICEQ'] }, t),
  'POST /api/select-stocks-for-backtest': (t) =>
    api.http.post('/api/select-stocks-for-backtest', { symbols: ['ALICEQ'] }, t),
  'POST /api/save-to-optimized-parameters': (t) =>
    api.http.post('/api/save-to-optimized-parameters', { symbols: ['ALICEQ'] }, t),
  'GET /api/get-backtester-output': (t) => api.http.get('/api/get-backtester-output', t),
  'POST /api/backtest/stocks/remove': (t) =>
    api.http.post('/api/backtest/stocks/remove', { symbols: ['ALICEQ'] }, t),
  'POST /api/remove-from-best-parameters': (t) =>
    api.http.post('/api/remove-from-best-parameters', { symbols: ['ALICEQ'] }, t),
  'POST /api/select-for-trading': (t) =>
    api.http.post('/api/select-for-trading', { symbols: ['ALICEQ'] }, t),
  'GET /api/get-final-trading-config': (t) => api.http.get('/api/get-final-trading-config', t),
  'POST /api/update-final-trading-config': (t) =>
    api.http.post('/api/update-final-trading-config', [], t),
  'GET /api/final-trading-list/undo': (t) => api.http.get('/api/final-trading-list/undo', t),
  'POST /api/final-trading-list/undo': (t) => api.http.post('/api/final-trading-list/undo', {}, t),
  'POST /api/reset-optimized-parameters': (t) =>
    api.http.post('/api/reset-optimized-parameters', {}, t),
  'GET /api/strategy/parameter-schema': (t) => api.http.get('/api/strategy/parameter-schema', t),
  'GET /api/config': (t) => api.http.get('/api/config', t),
  'POST /api/update-config': (t) =>
    api.http.post('/api/update-config', { trading: { sleep_interval: 5 } }, t),
  'GET /api/backtest/settings': (t) => api.http.get('/api/backtest/settings', t),
  'POST /api/backtest/settings': (t) =>
    api.http.post('/api/backtest/settings', { initial_balance: 5000 }, t),
  'GET /api/get-news-sentiment': (t) => api.http.get('/api/get-news-sentiment', t),
  'GET /api/screening/templates': (t) => api.http.get('/api/screening/templates', t),
  'POST /api/screening/save-template': (t) =>
    api.http.post('/api/screening/save-template', { name: 'Alicetpl', criteria: {} }, t),
  'DELETE /api/screening/delete-template/:name': (t) =>
    api.http.del('/api/screening/delete-template/Alicetpl', t),
  'POST /api/run-screener': (t) =>
    api.http.post('/api/run-screener', { template_name: 'Alicetpl' }, t),
  'GET /api/get-screener-output': (t) => api.http.get('/api/get-screener-output', t),
  'POST /api/run-backtester': (t) => api.http.post('/api/run-backtester', { symbol: 'ALICEQ' }, t),
  'GET /api/backtest/progress': (t) => api.http.get('/api/backtest/progress', t),
  'GET /api/backtest/result/:symbol': (t) => api.http.get('/api/backtest/result/ALICEQ', t),
  'GET /api/backtest/result/:symbol/trades.csv': (t) =>
    api.http.get('/api/backtest/result/ALICEQ/trades.csv', t),
  'POST /api/portfolio/backtest': (t) => api.http.post('/api/portfolio/backtest', {}, t),
  'GET /api/portfolio/backtest/:id': (t) =>
    api.http.get(`/api/portfolio/backtest/${alicePreview(world)}`, t),
  'GET /api/portfolio/backtest/:id/trades.csv': (t) =>
    api.http.get(`/api/portfolio/backtest/${alicePreview(world)}/trades.csv`, t),
  ...botPaths(() => api),
  'POST /api/stocks/explore': (t) =>
    api.http.post('/api/stocks/explore', { search: 'ALICEQ', page: 1 }, t),
  'GET /api/stocks/count': (t) => api.http.get('/api/stocks/count', t),
  'POST /api/stocks/logos/batch': (t) =>
    api.http.post('/api/stocks/logos/batch', { symbols: ['ALICEQ'] }, t),
  'POST /api/log-client-error': () =>
    api.http.post('/api/log-client-error', { errorId: 'abcd1234', message: 'boom' }),
  'GET /api/screening/ml-model': (t) => api.http.get('/api/screening/ml-model', t),
  // The API reference is the same for everyone and holds no user's data.
  'GET /api/openapi.json': (t) => api.http.get('/api/openapi.json', t),
  'GET /api/docs': (t) => api.http.get('/api/docs', t),
};

const trpc = trpcCalls(world);

const procedures: Record<string, Call> = {
  'auth.signup': trpc('auth.signup', 'mutation', takenSignup),
  'auth.login': trpc('auth.login', 'mutation', { username: 'alice', password: 'wrong password!' }),
  'auth.verify2fa': trpc('auth.verify2fa', 'mutation', { totp_code: '123456' }),
  'auth.enable2fa': trpc('auth.enable2fa', 'mutation', { username: 'alice' }),
  'auth.refresh': withOwnSession(trpc('auth.refresh', 'mutation')),
  'auth.status': trpc('auth.status', 'query'),
  'auth.onboardingStatus': trpc('auth.onboardingStatus', 'query'),
  'auth.logout': withOwnSession(trpc('auth.logout', 'mutation')),
  'auth.forgotPassword': trpc('auth.forgotPassword', 'mutation', { email: 'bobby@example.com' }),
  'auth.resetPassword': trpc('auth.resetPassword', 'mutation', {
    token: 'nope-nope',
    new_password: 'hijacked-pass',
  }),
  'auth.changePassword': trpc('auth.changePassword', 'mutation', {
    current_password: 'correct horse battery',
    new_password: 'correct horse battery',
  }),
  'auth.verifyEmail': trpc('auth.verifyEmail', 'mutation', { token: 'nope-nope' }),
  'auth.requestEmailVerification': trpc('auth.requestEmailVerification', 'mutation'),
  'account.settings': trpc('account.settings', 'query'),
  'account.updateSettings': trpc('account.updateSettings', 'mutation', {
    alpaca_environment: 'paper',
    alpaca_api_key_paper: 'PKBOBBY2',
    alpaca_api_secret_paper: 'bobby-secret2',
  }),
  'alerts.settings': trpc('alerts.settings', 'query'),
  'alerts.save': trpc('alerts.save', 'mutation', { events: { fills: true } }),
  'alerts.test': trpc('alerts.test', 'mutation', { channel: 'webhook' }),
  'account.testConnection': trpc('account.testConnection', 'mutation', { environment: 'paper' }),
  'account.useDemoMarket': trpc('account.useDemoMarket', 'mutation'),
  'account.deleteAccount': trpc('account.deleteAccount', 'mutation', {
    confirm_username: 'alice',
    password: 'correct horse battery',
    totp_code: '123456',
  }),
  'market.status': trpc('market.status', 'query'),
  'account.subscribe': trpc('account.subscribe', 'mutation', { plan: 'premium' }),
  'notifications.list': trpc('notifications.list', 'query'),
  'notifications.clear': trpc('notifications.clear', 'mutation'),
  'notifications.unread': trpc('notifications.unread', 'query'),
  'notifications.markRead': trpc('notifications.markRead', 'mutation', {
    up_to_id: 2_147_483_647,
  }),
  'stockLists.backtestList': trpc('stockLists.backtestList', 'query'),
  'stockLists.addToBacktestList': trpc('stockLists.addToBacktestList', 'mutation', {
    symbols: ['ALICEQ'],
  }),
  'stockLists.saveToOptimized': trpc('stockLists.saveToOptimized', 'mutation', {
    symbols: ['ALICEQ'],
  }),
  'stockLists.backtesterOutput': trpc('stockLists.backtesterOutput', 'query'),
  'stockLists.removeFromBacktestList': trpc('stockLists.removeFromBacktestList', 'mutation', {
    symbols: ['ALICEQ'],
  }),
  'stockLists.removeFromOptimized': trpc('stockLists.removeFromOptimized', 'mutation', {
    symbols: ['ALICEQ'],
  }),
  'stockLists.selectForTrading': trpc('stockLists.selectForTrading', 'mutation', {
    symbols: ['ALICEQ'],
  }),
  'stockLists.finalTradingConfig': trpc('stockLists.finalTradingConfig', 'query'),
  'stockLists.updateFinalTradingConfig': trpc(
    'stockLists.updateFinalTradingConfig',
    'mutation',
    [],
  ),
  'stockLists.undoState': trpc('stockLists.undoState', 'query'),
  'stockLists.undo': trpc('stockLists.undo', 'mutation'),
  'stockLists.resetOptimized': trpc('stockLists.resetOptimized', 'mutation'),
  'stockLists.parameterSchema': trpc('stockLists.parameterSchema', 'query'),
  'tradingSettings.get': trpc('tradingSettings.get', 'query'),
  'tradingSettings.update': trpc('tradingSettings.update', 'mutation', {
    trading: { sleep_interval: 5 },
  }),
  'backtestSettings.get': trpc('backtestSettings.get', 'query'),
  'backtestSettings.save': trpc('backtestSettings.save', 'mutation', { period: 24 }),
  'news.sentiment': trpc('news.sentiment', 'query'),
  'explorer.explore': trpc('explorer.explore', 'mutation', { search: 'ALICEQ' }),
  'explorer.count': trpc('explorer.count', 'query'),
  'explorer.logos': trpc('explorer.logos', 'mutation', { symbols: ['ALICEQ'] }),
  'screener.templates': trpc('screener.templates', 'query'),
  'screener.saveTemplate': trpc('screener.saveTemplate', 'mutation', {
    name: 'Alicetpl',
    criteria: { max_rsi: 10 },
  }),
  'screener.deleteTemplate': trpc('screener.deleteTemplate', 'mutation', { name: 'Alicetpl' }),
  'screener.run': trpc('screener.run', 'mutation', { template_name: 'Alicetpl' }),
  'screener.output': trpc('screener.output', 'query'),
  'backtests.run': trpc('backtests.run', 'mutation', { symbol: 'ALICEQ' }),
  'backtests.progress': trpc('backtests.progress', 'query'),
  'backtests.result': trpc('backtests.result', 'query', { symbol: 'ALICEQ' }),
  'portfolio.backtest': trpc('portfolio.backtest', 'mutation', {}),
  'portfolio.backtestResult': (t) =>
    trpc('portfolio.backtestResult', 'query', { id: alicePreview(world) })(t),
  'clientError.report': trpc('clientError.report', 'mutation', {
    errorId: 'abcd1234',
    message: 'boom',
  }),
  'mlScore.model': trpc('mlScore.model', 'query'),
  ...botProcedures(trpc),
};

const ROTATES_TOKEN = new Set([
  'POST /api/token/refresh',
  'POST /api/change-password',
  'auth.changePassword',
]);

describe('user isolation', () => {
  it('covers every REST path and every tRPC procedure', () => {
    const admin = adminPaths(
      () => api,
      () => world.a.userId,
    );
    expect([...Object.keys(rest), ...Object.keys(admin)].sort()).toEqual(
      restRoutes.map((route) => `${route.method} ${route.path}`).sort(),
    );
    expect([...Object.keys(procedures), ...Object.keys(adminProcedures(trpc))].sort()).toEqual(
      Object.keys(appRouter._def.procedures).sort(),
    );
  });

  it('gives B nothing of A and changes nothing of A', async () => {
    const before = await aliceState(world);
    expectAliceSeeded(before);
    let bToken = b.token;
    for (const [name, call] of [...Object.entries(rest), ...Object.entries(procedures)]) {
      const reply = await call(bToken);
      // Refresh and a password change end B's token; B goes on with the new one.
      if (ROTATES_TOKEN.has(name))
        bToken = reply.body.access_token ?? reply.body.result.data.access_token;
      expectNothingOfAlice(name, reply);
      if (/logout|refresh|change-?password/i.test(name)) expect(reply.status, name).toBe(200);
    }
    expect(await aliceState(world)).toEqual(before);
  });
});
