import type { Services } from '@tradebot/api-contract';
import { accountService } from './account.service.js';
import { adminService } from './admin.service.js';
import { authService } from './auth.service.js';
import type { ServiceDeps } from './deps.js';
import { clientErrorService, notificationService } from './misc.service.js';
import { passwordService } from './password.service.js';
import { sessionService } from './session.service.js';
import { subscriptionService, type BillingProvider } from './subscription.service.js';

/** Wires the services once per process; tRPC procedures and REST shims both call these. */
export function createServices(deps: ServiceDeps, billing?: BillingProvider) {
  const sessions = sessionService(deps);
  const passwords = passwordService(deps, sessions);
  const auth = authService(deps, sessions, passwords.sendVerification);
  const services: Services = {
    auth: {
      ...auth,
      forgotPassword: passwords.forgotPassword,
      resetPassword: passwords.resetPassword,
      changePassword: passwords.changePassword,
      verifyEmail: passwords.verifyEmail,
      requestEmailVerification: passwords.requestEmailVerification,
    },
    account: accountService(deps),
    subscription: subscriptionService(deps, billing),
    admin: adminService(deps),
    clientErrors: clientErrorService(deps),
    notifications: notificationService(deps),
  };
  return { services, sessions };
}
