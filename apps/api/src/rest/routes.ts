import type { FastifyRequest } from 'fastify';
import type { RestRoute } from './shim.js';

const body = (request: FastifyRequest) => (request.body ?? {}) as Record<string, unknown>;
const param = (request: FastifyRequest, name: string) => (request.params as Record<string, string>)[name];

/**
 * Every REST path, in one place (CONVENTIONS.md §5). "spec" marks paths of spec §7; "ours"
 * marks paths the spec lists as routes without calls (§2) or that admins and scripts need.
 */
export const restRoutes: readonly RestRoute[] = [
  // spec §7 Authentication and session
  { method: 'POST', path: '/api/token', call: (c, r) => c.auth.login(body(r) as never) },
  { method: 'POST', path: '/api/verify-2fa', call: (c, r) => c.auth.verify2fa(body(r) as never) },
  { method: 'POST', path: '/api/token/refresh', call: (c) => c.auth.refresh() },
  { method: 'GET', path: '/api/status', call: (c) => c.auth.status() },
  { method: 'GET', path: '/api/user/onboarding-status', call: (c) => c.auth.onboardingStatus() },
  { method: 'POST', path: '/api/signup', call: (c, r) => c.auth.signup(body(r) as never) },
  { method: 'POST', path: '/api/enable-2fa', call: (c, r) => c.auth.enable2fa(body(r) as never) },
  // ours: logout, change password, and the public routes of spec §2 (forgot/reset password, verify email)
  { method: 'POST', path: '/api/logout', call: (c) => c.auth.logout() },
  { method: 'POST', path: '/api/forgot-password', call: (c, r) => c.auth.forgotPassword(body(r) as never) },
  { method: 'POST', path: '/api/reset-password', call: (c, r) => c.auth.resetPassword(body(r) as never) },
  { method: 'POST', path: '/api/change-password', call: (c, r) => c.auth.changePassword(body(r) as never) },
  { method: 'POST', path: '/api/verify-email', call: (c, r) => c.auth.verifyEmail(body(r) as never) },
  { method: 'POST', path: '/api/request-email-verification', call: (c) => c.auth.requestEmailVerification() },
  // spec §7 Dashboard (notifications)
  { method: 'GET', path: '/api/notifications', call: (c) => c.notifications.list() },
  { method: 'DELETE', path: '/api/notifications/clear', call: (c) => c.notifications.clear() },
  // spec §7 Account, subscription
  { method: 'GET', path: '/api/account-settings', call: (c) => c.account.settings() },
  { method: 'POST', path: '/api/update-account-settings', call: (c, r) => c.account.updateSettings(body(r) as never) },
  { method: 'POST', path: '/subscribe', call: (c, r) => c.account.subscribe(body(r) as never) },
  // spec §7 Admin
  { method: 'GET', path: '/api/admin/users', call: (c) => c.admin.users() },
  {
    method: 'POST',
    path: '/api/admin/update-user/:id',
    call: (c, r) => c.admin.updateUser({ id: param(r, 'id'), patch: body(r) } as never),
  },
  { method: 'DELETE', path: '/api/admin/delete-user/:id', call: (c, r) => c.admin.deleteUser({ id: param(r, 'id') } as never) },
  // ours: admin plan grants (billing port default), error reports and the dev mail outbox
  {
    method: 'POST',
    path: '/api/admin/grant-plan/:id',
    call: (c, r) => c.admin.grantPlan({ id: param(r, 'id'), plan: body(r).plan } as never),
  },
  { method: 'GET', path: '/api/admin/client-errors', call: (c) => c.admin.clientErrors() },
  { method: 'GET', path: '/api/admin/mail-outbox', call: (c) => c.admin.mailOutbox() },
  // spec §7 Error reporting
  { method: 'POST', path: '/api/log-client-error', call: (c, r) => c.clientError.report(body(r) as never) },
];
