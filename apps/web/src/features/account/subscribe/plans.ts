import type { TPaidPlan } from '@tradebot/api-contract';
import { PLAN_PRICES } from '@tradebot/api-contract';

export interface PlanOffer {
  plan: TPaidPlan;
  name: string;
}

/** The paid plans; what each includes is PLAN_FEATURES (the table below the cards). */
export const PLANS: PlanOffer[] = [
  { plan: 'basic', name: 'Basic' },
  { plan: 'premium', name: 'Premium' },
];

export const planOption = (offer: PlanOffer) => ({
  value: offer.plan,
  label: `${offer.name} ($${PLAN_PRICES[offer.plan]}/month)`,
});
