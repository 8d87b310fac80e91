import type { TPaidPlan } from '@tradebot/api-contract';

/**
 * Payment collection sits behind this port. Until a real provider is configured the manual
 * provider records the request as pending and an admin grants the plan (admin.grantPlan).
 */
export interface BillingProvider {
  checkout(userId: number, plan: TPaidPlan): Promise<'paid' | 'pending'>;
}

export const manualBilling: BillingProvider = { checkout: async () => 'pending' };
