import type { Reply, TestApi } from './harness.js';

type Call = (token: string) => Promise<Reply>;
type Trpc = (path: string, kind: 'query' | 'mutation', input?: unknown) => Call;

/** The admin REST paths: every one is refused (403) to a user who is not an admin. */
export const adminPaths = (
  harness: () => TestApi,
  aliceId: () => number,
): Record<string, Call> => ({
  'GET /api/admin/users': (t) => harness().http.get('/api/admin/users', t),
  'POST /api/admin/update-user/:id': (t) =>
    harness().http.post(`/api/admin/update-user/${aliceId()}`, { totp_secret: null }, t),
  'DELETE /api/admin/delete-user/:id': (t) =>
    harness().http.del(`/api/admin/delete-user/${aliceId()}`, t),
  'POST /api/admin/grant-plan/:id': (t) =>
    harness().http.post(`/api/admin/grant-plan/${aliceId()}`, { plan: 'premium' }, t),
  'POST /api/admin/demo-clock/advance': (t) =>
    harness().http.post('/api/admin/demo-clock/advance', { hours: 1 }, t),
  'POST /api/admin/verify-email/:id': (t) =>
    harness().http.post(`/api/admin/verify-email/${aliceId()}`, {}, t),
  'GET /api/admin/client-errors': (t) => harness().http.get('/api/admin/client-errors', t),
  'GET /api/admin/mail-outbox': (t) => harness().http.get('/api/admin/mail-outbox', t),
  'GET /api/admin/system': (t) => harness().http.get('/api/admin/system', t),
  'POST /api/admin/refresh-metrics': (t) =>
    harness().http.post('/api/admin/refresh-metrics', { universe: 'demo' }, t),
  'POST /api/admin/import-market-data': (t) =>
    harness().http.post('/api/admin/import-market-data', {}, t),
  'GET /api/admin/import-market-data': (t) =>
    harness().http.get('/api/admin/import-market-data', t),
  'POST /api/admin/alpaca-universe': (t) =>
    harness().http.post('/api/admin/alpaca-universe', {}, t),
  'GET /api/admin/alpaca-universe': (t) => harness().http.get('/api/admin/alpaca-universe', t),
});

/** The admin procedures, refused to a user who is not an admin. */
export const adminProcedures = (trpc: Trpc): Record<string, Call> => ({
  'admin.users': trpc('admin.users', 'query'),
  'admin.updateUser': trpc('admin.updateUser', 'mutation', { id: 1, patch: { is_admin: true } }),
  'admin.deleteUser': trpc('admin.deleteUser', 'mutation', { id: 1 }),
  'admin.grantPlan': trpc('admin.grantPlan', 'mutation', { id: 1, plan: 'premium' }),
  'admin.markEmailVerified': trpc('admin.markEmailVerified', 'mutation', { id: 1 }),
  'admin.clientErrors': trpc('admin.clientErrors', 'query'),
  'admin.mailOutbox': trpc('admin.mailOutbox', 'query'),
  'admin.system': trpc('admin.system', 'query'),
  'admin.refreshMetrics': trpc('admin.refreshMetrics', 'mutation', { universe: 'demo' }),
  'admin.advanceDemoClock': trpc('admin.advanceDemoClock', 'mutation', { hours: 1 }),
  'adminMarketImport.start': trpc('adminMarketImport.start', 'mutation'),
  'adminMarketImport.status': trpc('adminMarketImport.status', 'query'),
  'adminAlpacaUniverse.start': trpc('adminAlpacaUniverse.start', 'mutation'),
  'adminAlpacaUniverse.status': trpc('adminAlpacaUniverse.status', 'query'),
});
