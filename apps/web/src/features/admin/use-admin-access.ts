import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorCode } from '../../lib/trpc';

/** Spec §4: a 401 or 403 from an admin call sends the user to /login, remembering /admin. */
export function useAdminAccess(error: unknown): void {
  const navigate = useNavigate();
  useEffect(() => {
    const code = errorCode(error);
    if (code === 'FORBIDDEN' || code === 'UNAUTHORIZED')
      navigate('/login', { replace: true, state: { from: '/admin' } });
  }, [error, navigate]);
}
