/** Where a signed-in user belongs: onboarded users to the dashboard. */
export const homeFor = (isOnboarded: boolean): string =>
  isOnboarded ? '/dashboard' : '/account-settings';

/** Routes that need no broker keys: a remembered one is returned to even before onboarding. */
const WITHOUT_ONBOARDING = ['/admin', '/account-settings', '/subscribe'];

/**
 * Where login leads: back to the remembered origin route (the admin screen remembers
 * it), except that a user without broker keys is sent to account settings first unless the
 * origin needs none; with no origin, to the user's home.
 */
export function afterLoginPath(isOnboarded: boolean, from?: string): string {
  if (!from || !from.startsWith('/') || from.startsWith('//')) return homeFor(isOnboarded);
  const path = from.split(/[?#]/)[0] ?? from;
  if (isOnboarded || WITHOUT_ONBOARDING.includes(path)) return from;
  return homeFor(isOnboarded);
}

/**
 * Where a 403 leaves the user. A 403 says this account may not do that, not that the session
 * ended: a signed-in user goes home, still signed in, and the route that answered 403 is not
 * remembered for a later login (it would only answer 403 again); signed out, to /login.
 */
export function afterForbiddenPath(signedIn: boolean, isOnboarded: boolean): string {
  return signedIn ? homeFor(isOnboarded) : '/login';
}
