import { ui } from '@tradebot/api-contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import * as session from '../../lib/session';
import { useTRPCClient } from '../../lib/trpc';
import type { LoginRedirect } from './auth-context';
import type { VerifiedToken } from './use-token-verification';

/**
 * The two ways a session ends. Both drop the cached queries too: they belong to the old token
 * and must not show through to whoever signs in next.
 */
export function useSessionExit(setVerified: (verified: VerifiedToken | null) => void) {
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const expire = useCallback(() => {
    session.expire();
    setVerified(null);
    queryClient.clear();
    void navigate('/login', { state: { message: ui.sessionExpired } });
  }, [navigate, queryClient, setVerified]);

  const logout = useCallback(
    async (next?: LoginRedirect) => {
      try {
        if (session.getToken()) await client.auth.logout.mutate();
      } catch {
        // The token is dropped locally whatever the server says.
      }
      session.clearAll(next?.message ?? null);
      setVerified(null);
      queryClient.clear();
      // With a destination the page being left is replaced: going back would only bounce again.
      void navigate('/login', next ? { replace: true, state: next } : undefined);
    },
    [client, navigate, queryClient, setVerified],
  );

  return { expire, logout };
}
