import { server, type TPaidPlan } from '@tradebot/api-contract';
import { findSubscription, setSubscription } from '@tradebot/db';
import type { ServiceDeps } from '../deps.js';
import { manualBilling, type BillingProvider } from './billing-provider.js';

/** Plan requests: a paid plan through the billing port, or recorded as pending for an admin. */
export function subscriptionService(
  deps: Pick<ServiceDeps, 'db'>,
  billing: BillingProvider = manualBilling,
) {
  const { db } = deps;
  return {
    async subscribe(userId: number, plan: TPaidPlan) {
      const current = await findSubscription(db, userId);
      if (current?.plan === plan && current.status === 'active') {
        return { message: server.subscriptionActive(plan), plan, status: 'active' as const };
      }
      const outcome = await billing.checkout(userId, plan);
      const status = outcome === 'paid' ? ('active' as const) : ('pending_payment' as const);
      // A pending request must not cost the user a running paid plan or trial: only record it.
      if (current?.status === 'active' && outcome === 'pending') {
        return {
          message: server.subscriptionPending(plan),
          plan: current.plan,
          status: current.status,
        };
      }
      await setSubscription(db, userId, {
        plan,
        status,
        currentPeriodEnd: null,
        grantedById: null,
      });
      const message =
        status === 'active' ? server.subscriptionActive(plan) : server.subscriptionPending(plan);
      return { message, plan, status };
    },
  };
}
