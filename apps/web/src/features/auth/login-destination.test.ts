import { describe, expect, it } from 'vitest';
import { afterForbiddenPath, afterLoginPath, homeFor } from './login-destination';

describe('afterLoginPath', () => {
  it('goes home without a remembered route: dashboard once onboarded, else account settings', () => {
    expect(afterLoginPath(true)).toBe('/dashboard');
    expect(afterLoginPath(false)).toBe('/account-settings');
    expect(homeFor(false)).toBe('/account-settings');
  });

  it('returns to the remembered route, query included', () => {
    expect(afterLoginPath(true, '/live-log?x=1')).toBe('/live-log?x=1');
  });

  it('returns to /admin even before onboarding (the admin screen remembers its origin)', () => {
    expect(afterLoginPath(false, '/admin')).toBe('/admin');
  });

  it('sends a user without broker keys to account settings before trading pages', () => {
    expect(afterLoginPath(false, '/dashboard')).toBe('/account-settings');
  });

  it('never leaves the site', () => {
    expect(afterLoginPath(true, '//evil.example')).toBe('/dashboard');
    expect(afterLoginPath(true, 'https://evil.example')).toBe('/dashboard');
  });
});

describe('afterForbiddenPath', () => {
  it('sends a signed-in user home, never back to the route that answered 403', () => {
    expect(afterForbiddenPath(true, true)).toBe('/dashboard');
    expect(afterForbiddenPath(true, false)).toBe('/account-settings');
  });

  it('sends a signed-out user to /login', () => {
    expect(afterForbiddenPath(false, true)).toBe('/login');
    expect(afterForbiddenPath(false, false)).toBe('/login');
  });
});
