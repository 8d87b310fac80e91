import { planIncludes } from '@tradebot/api-contract';

/**
 * What a subscription row means right now: a lapsed trial is expired; live trading needs an
 * active plan that includes it (PLAN_FEATURES, the list the subscribe page's table shows). No
 * row means no plan at all (an admin created from the command line).
 */
export interface SubscriptionRow {
  plan: 'trial' | 'basic' | 'premium';
  status: 'trialing' | 'active' | 'pending_payment' | 'canceled' | 'expired';
  trialEndsAt: Date | null;
  currentPeriodEnd: Date | null;
}

export function subscriptionView(row: SubscriptionRow | null, now: Date) {
  if (!row)
    return {
      plan: null,
      status: null,
      trial_ends_at: null,
      live_allowed: false,
    };
  const trialOver = row.status === 'trialing' && row.trialEndsAt !== null && row.trialEndsAt <= now;
  const periodOver =
    row.status === 'active' && row.currentPeriodEnd !== null && row.currentPeriodEnd <= now;
  const status = trialOver || periodOver ? ('expired' as const) : row.status;
  return {
    plan: row.plan,
    status,
    trial_ends_at: row.trialEndsAt?.toISOString() ?? null,
    live_allowed: planIncludes(row.plan, 'live_trading') && status === 'active',
  };
}
