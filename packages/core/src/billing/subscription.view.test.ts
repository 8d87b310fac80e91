import {
  ALL_PLANS,
  PLAN_FEATURES,
  planIncludes,
  type TPlan,
  type TPlanFeature,
} from '@tradebot/api-contract';
import { describe, expect, it } from 'vitest';
import { subscriptionView } from './subscription.view.js';

const now = new Date('2026-01-10T00:00:00Z');

describe('subscriptionView', () => {
  it('keeps a running trial paper-only', () => {
    const view = subscriptionView(
      {
        plan: 'trial',
        status: 'trialing',
        trialEndsAt: new Date('2026-01-12T00:00:00Z'),
        currentPeriodEnd: null,
      },
      now,
    );
    expect(view).toEqual({
      plan: 'trial',
      status: 'trialing',
      trial_ends_at: '2026-01-12T00:00:00.000Z',
      live_allowed: false,
    });
  });

  it('expires a lapsed trial', () => {
    expect(
      subscriptionView(
        { plan: 'trial', status: 'trialing', trialEndsAt: now, currentPeriodEnd: null },
        now,
      ).status,
    ).toBe('expired');
  });

  it('allows live only for an active paid plan within its period', () => {
    expect(
      subscriptionView(
        { plan: 'basic', status: 'active', trialEndsAt: null, currentPeriodEnd: null },
        now,
      ).live_allowed,
    ).toBe(true);
    expect(
      subscriptionView(
        { plan: 'premium', status: 'pending_payment', trialEndsAt: null, currentPeriodEnd: null },
        now,
      ).live_allowed,
    ).toBe(false);
    const lapsed = subscriptionView(
      {
        plan: 'basic',
        status: 'active',
        trialEndsAt: null,
        currentPeriodEnd: new Date('2026-01-01T00:00:00Z'),
      },
      now,
    );
    expect(lapsed).toMatchObject({ status: 'expired', live_allowed: false });
  });

  it('shows no plan and no live trading without a subscription row', () => {
    expect(subscriptionView(null, now)).toEqual({
      plan: null,
      status: null,
      trial_ends_at: null,
      live_allowed: false,
    });
  });
});

describe('the plan table and the server agree', () => {
  const active = (plan: TPlan) =>
    subscriptionView({ plan, status: 'active', trialEndsAt: null, currentPeriodEnd: null }, now);

  it('allows live trading exactly on the plans the table lists it for', () => {
    for (const plan of ALL_PLANS)
      expect(active(plan).live_allowed, plan).toBe(planIncludes(plan, 'live_trading'));
    expect(planIncludes('trial', 'live_trading')).toBe(false);
    expect(planIncludes('basic', 'live_trading')).toBe(true);
  });

  it('claims no restriction the server does not make: every other feature is in every plan', () => {
    const enforced = new Set<TPlanFeature>(['live_trading']);
    for (const feature of PLAN_FEATURES.filter((f) => !enforced.has(f.key)))
      expect([...feature.plans].sort(), feature.key).toEqual([...ALL_PLANS].sort());
    const optimizer = PLAN_FEATURES.find((f) => f.label.includes('random-forest'));
    expect(optimizer && planIncludes('trial', optimizer.key)).toBe(true);
  });
});
