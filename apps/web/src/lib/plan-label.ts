import type { TStatusOutput } from '@tradebot/api-contract';

type Subscription = Pick<TStatusOutput['subscription'], 'plan' | 'status'>;

const PLAN_NAMES = { trial: 'Trial', basic: 'Basic', premium: 'Premium' } as const;
const STATUS_NAMES: Record<string, string> = {
  trialing: 'Trialing',
  active: 'Active',
  pending_payment: 'Pending payment',
  canceled: 'Canceled',
  expired: 'Expired',
};

/** 'pending_payment' → 'Pending payment'; an unknown status is shown as the server sent it. */
export const statusName = (status: string): string => STATUS_NAMES[status] ?? status;

/**
 * One line for a plan and its state: 'Trial' while it runs (its end date is shown beside it),
 * 'Trial · Expired' after, 'Basic · Pending payment' or 'Premium · Active' for paid plans,
 * 'No plan' for an account without a subscription.
 */
export function planLabel({ plan, status }: { plan: Subscription['plan']; status: string | null }) {
  if (!plan) return 'No plan';
  const name = PLAN_NAMES[plan];
  if (!status || (plan === 'trial' && status === 'trialing')) return name;
  return `${name} · ${statusName(status)}`;
}

export interface PlanBadge {
  label: string;
  color: string;
}

/** The badge on a subscribe page plan card: only the user's own plan gets one. */
export function planBadge(subscription: Subscription | undefined, plan: string): PlanBadge | null {
  if (!subscription || subscription.plan !== plan || !subscription.status) return null;
  if (subscription.status === 'active') return { label: 'Current', color: 'indigo' };
  if (subscription.status === 'pending_payment')
    return { label: 'Pending payment', color: 'yellow' };
  return { label: statusName(subscription.status), color: 'gray' };
}
