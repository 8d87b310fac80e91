/**
 * Plans, prices and what each plan gets: plain values with no zod, so the landing page can show
 * prices without loading the schemas.
 */

/** Monthly prices: the subscribe page shows dollars, the terms euros. */
export const PLAN_PRICES = { basic: 10, premium: 25 } as const;
export const TRIAL_DAYS = 7;

export type TPlan = 'trial' | 'basic' | 'premium';
export const ALL_PLANS: readonly TPlan[] = ['trial', 'basic', 'premium'];

/**
 * What each plan gets: the subscribe page's table and the server's checks read this one list.
 * Only `live_trading` is restricted (account settings refuse live mode and the bot refuses a
 * live start without it); every other feature is open to every plan, the trial included.
 */
export const PLAN_FEATURES = [
  { key: 'paper_trading', label: 'Paper trading (simulated orders)', plans: ALL_PLANS },
  {
    key: 'live_trading',
    label: 'Live trading with your Alpaca account',
    plans: ['basic', 'premium'],
  },
  { key: 'screener', label: 'Stock screener, explorer and ML score', plans: ALL_PLANS },
  {
    key: 'backtester',
    label: 'Backtester with the random-forest optimizer',
    plans: ALL_PLANS,
  },
  { key: 'alerts', label: 'Notifications, alerts and the live log', plans: ALL_PLANS },
] as const satisfies readonly { key: string; label: string; plans: readonly TPlan[] }[];
export type TPlanFeature = (typeof PLAN_FEATURES)[number]['key'];

export function planIncludes(plan: TPlan, feature: TPlanFeature): boolean {
  const entry = PLAN_FEATURES.find((f) => f.key === feature);
  const plans: readonly TPlan[] = entry?.plans ?? [];
  return plans.includes(plan);
}
