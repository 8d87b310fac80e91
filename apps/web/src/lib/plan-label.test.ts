import { describe, expect, it } from 'vitest';
import { planBadge, planLabel, statusName } from './plan-label';

describe('planLabel', () => {
  it('names a running trial once, without repeating it as a status', () => {
    expect(planLabel({ plan: 'trial', status: 'trialing' })).toBe('Trial');
  });

  it('adds the state of a lapsed trial and of paid plans', () => {
    expect(planLabel({ plan: 'trial', status: 'expired' })).toBe('Trial · Expired');
    expect(planLabel({ plan: 'basic', status: 'pending_payment' })).toBe('Basic · Pending payment');
    expect(planLabel({ plan: 'premium', status: 'active' })).toBe('Premium · Active');
    expect(planLabel({ plan: 'basic', status: 'canceled' })).toBe('Basic · Canceled');
  });

  it('says "No plan" for an account without a subscription', () => {
    expect(planLabel({ plan: null, status: null })).toBe('No plan');
  });
});

describe('statusName', () => {
  it('turns codes into words and passes unknown ones through', () => {
    expect(statusName('pending_payment')).toBe('Pending payment');
    expect(statusName('paused')).toBe('paused');
  });
});

describe('planBadge', () => {
  it('marks an active plan as current', () => {
    expect(planBadge({ plan: 'basic', status: 'active' }, 'basic')).toEqual({
      label: 'Current',
      color: 'indigo',
    });
  });

  it('marks a requested but unpaid plan as pending payment, not current', () => {
    expect(planBadge({ plan: 'premium', status: 'pending_payment' }, 'premium')).toEqual({
      label: 'Pending payment',
      color: 'yellow',
    });
  });

  it('shows nothing on other plans, for a trial, or when signed out', () => {
    expect(planBadge({ plan: 'premium', status: 'active' }, 'basic')).toBeNull();
    expect(planBadge({ plan: 'trial', status: 'trialing' }, 'basic')).toBeNull();
    expect(planBadge({ plan: null, status: null }, 'basic')).toBeNull();
    expect(planBadge(undefined, 'basic')).toBeNull();
  });

  it('names other states of the own plan', () => {
    expect(planBadge({ plan: 'basic', status: 'expired' }, 'basic')?.label).toBe('Expired');
  });
});
