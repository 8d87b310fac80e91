import type { TPaidPlan } from '@tradebot/api-contract';
import { PLAN_PRICES } from '@tradebot/api-contract';

export interface PlanOffer {
  plan: TPaidPlan;
  name: string;
  features: string[];
}

export const PLANS: PlanOffer[] = [
  {
    plan: 'basic',
    name: 'Basic',
    features: [
      'Live and paper trading',
      'Stock screener and backtester',
      'Notifications and live log',
    ],
  },
  {
    plan: 'premium',
    name: 'Premium',
    features: ['Everything in Basic', 'Random-forest optimizer', 'Premium features as they ship'],
  },
];

export const planOption = (offer: PlanOffer) => ({
  value: offer.plan,
  label: `${offer.name} ($${PLAN_PRICES[offer.plan]}/month)`,
});
