import { describe, expect, it } from 'vitest';
import { HOME_TITLE, pageTitle, ROUTE_NAMES } from './page-title';

describe('pageTitle', () => {
  it('names each page before the brand', () => {
    expect(pageTitle('/dashboard')).toBe('Dashboard · TradeBot');
    expect(pageTitle('/admin')).toBe('Admin dashboard · TradeBot');
    expect(pageTitle('/account-settings')).toBe('Account settings · TradeBot');
  });

  it('ignores a trailing slash', () => {
    expect(pageTitle('/subscribe/')).toBe('Subscribe · TradeBot');
  });

  it('keeps the product line on the home page', () => {
    expect(pageTitle('/')).toBe(HOME_TITLE);
  });

  it('calls every unknown path the not-found page', () => {
    expect(pageTitle('/nope')).toBe('Page Not Found · TradeBot');
    expect(pageTitle('/dashboard/extra')).toBe('Page Not Found · TradeBot');
    expect(pageTitle('/toString')).toBe('Page Not Found · TradeBot');
  });

  it('gives every route its own title', () => {
    const titles = Object.keys(ROUTE_NAMES).map(pageTitle);
    expect(new Set(titles).size).toBe(titles.length);
  });
});
