import { server } from '@tradebot/api-contract';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorCode } from '../../lib/trpc';
import { useAuth } from '../auth/auth-context';
import { afterForbiddenPath } from '../auth/login-destination';
import { notify } from '../../lib/notify';

/** Said once on arrival home when the signed-in account is not an admin. */
export const ADMIN_FORBIDDEN_NOTICE = `${server.forbidden}: the admin dashboard is for administrator accounts.`;

/**
 * An admin call's 401 or 403. A 401 means the session ended: /login, remembering /admin. A 403
 * never ends the session: the user goes home still signed in, and /admin is not remembered, so a
 * later login does not lead back to it.
 */
export function useAdminAccess(error: unknown): void {
  const { logout, state, status } = useAuth();
  const navigate = useNavigate();
  const left = useRef(false);
  useEffect(() => {
    const code = errorCode(error);
    if (left.current || (code !== 'FORBIDDEN' && code !== 'UNAUTHORIZED')) return;
    left.current = true;
    if (code === 'UNAUTHORIZED') {
      void logout({ from: '/admin' });
      return;
    }
    // One notice, however many admin reads answered 403.
    notify.warning(ADMIN_FORBIDDEN_NOTICE, { id: 'admin-forbidden' });
    const signedIn = state === 'verified';
    void navigate(afterForbiddenPath(signedIn, status?.user.is_onboarded ?? false), {
      replace: true,
    });
  }, [error, logout, navigate, state, status]);
}
