import { useEffect, useRef } from 'react';
import { errorCode } from '../../lib/trpc';
import { useAuth } from '../auth/auth-context';

/** Said on /login when the signed-in account was not an admin. */
export const ADMIN_LOGIN_NOTICE =
  'The admin dashboard needs an administrator account. Please log in with one.';

/**
 * Spec §4: a 401 or 403 from an admin call goes to /login, remembering /admin. The session is
 * ended first: otherwise /login would send the still signed-in user straight on to their home,
 * and logging in as an administrator would not be possible.
 */
export function useAdminAccess(error: unknown): void {
  const { logout } = useAuth();
  const left = useRef(false);
  useEffect(() => {
    const code = errorCode(error);
    if (left.current || (code !== 'FORBIDDEN' && code !== 'UNAUTHORIZED')) return;
    left.current = true;
    const message = code === 'FORBIDDEN' ? ADMIN_LOGIN_NOTICE : undefined;
    void logout({ from: '/admin', ...(message ? { message } : {}) });
  }, [error, logout]);
}
