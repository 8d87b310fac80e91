/** Routes and the name each shows in the browser tab; routes.tsx renders one page per entry. */
export const ROUTE_NAMES = {
  '/': '',
  '/login': 'Login',
  '/signup': 'Sign up',
  '/help': 'Help Center',
  '/forgot-password': 'Forgot password',
  '/reset-password': 'Reset password',
  '/verify-email': 'Verify email',
  '/subscribe': 'Subscribe',
  '/terms': 'Terms and Conditions',
  '/privacy': 'Privacy Policy',
  '/enable-2fa': 'Enable 2FA',
  '/dashboard': 'Dashboard',
  '/settings': 'Strategy settings',
  '/account-settings': 'Account settings',
  '/stock-explorer': 'Stock Explorer',
  '/live-log': 'Live Log',
  '/admin': 'Admin dashboard',
} as const;

export type RoutePath = keyof typeof ROUTE_NAMES;

const BRAND = 'TradeBot';
/** The home page keeps the full product line of index.html. */
export const HOME_TITLE = `${BRAND} — automated screening, backtesting and trading`;

const isRoutePath = (path: string): path is RoutePath => Object.hasOwn(ROUTE_NAMES, path);

/** The tab title for a location: 'Dashboard · TradeBot'; unknown paths are the 404 page. */
export function pageTitle(pathname: string): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === '/' || path === '') return HOME_TITLE;
  const name = isRoutePath(path) ? ROUTE_NAMES[path] : 'Page Not Found';
  return `${name} · ${BRAND}`;
}
