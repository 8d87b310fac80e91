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
