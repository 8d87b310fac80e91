import type { TStatusOutput } from '@tradebot/api-contract';
import { ui } from '@tradebot/api-contract/client';
import { useQueryClient } from '@tanstack/react-query';
import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { useNavigate } from 'react-router-dom';
import * as session from '../../lib/session';
import { errorCode, useTRPCClient } from '../../lib/trpc';
import { AuthContext, type AuthValue } from './auth-context';

/** Spec §9: verification throttle. */
const VERIFY_THROTTLE_MS = 5_000;

interface Verified {
  token: string;
  status: TStatusOutput;
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const token = useSyncExternalStore(session.subscribe, session.getToken);
  const [verified, setVerified] = useState<Verified | null>(null);
  const [unreachable, setUnreachable] = useState(false);
  const lastCheck = useRef<{ token: string; at: number } | null>(null);

  const expire = useCallback(() => {
    session.expire();
    setVerified(null);
    queryClient.clear();
    navigate('/login', { state: { message: ui.sessionExpired } });
  }, [navigate, queryClient]);

  const verify = useCallback(
    async (force = false) => {
      const current = session.getToken();
      if (!current) return;
      const last = lastCheck.current;
      if (!force && last?.token === current && Date.now() - last.at < VERIFY_THROTTLE_MS) return;
      lastCheck.current = { token: current, at: Date.now() };
      try {
        setVerified({ token: current, status: await client.auth.status.query() });
        setUnreachable(false);
      } catch (error) {
        if (errorCode(error) !== 'UNAUTHORIZED') {
          // A time-out or network failure leaves the previous verification state (spec §4).
          setUnreachable(errorCode(error) === undefined);
          return;
        }
        try {
          const refreshed = await client.auth.refresh.mutate();
          session.setToken(refreshed.access_token);
          lastCheck.current = { token: refreshed.access_token, at: Date.now() };
          setVerified({ token: refreshed.access_token, status: await client.auth.status.query() });
        } catch {
          expire();
        }
      }
    },
    [client, expire],
  );

  // A new token (login, 2FA, refresh, another tab) invalidates everything cached for the old one.
  const previousToken = useRef(token);
  useEffect(() => {
    if (previousToken.current !== token) queryClient.clear();
    previousToken.current = token;
    // Not forced: the route guard may already have started the same check.
    if (token) void verify();
  }, [token, verify, queryClient]);

  const logout = useCallback(async () => {
    try {
      if (session.getToken()) await client.auth.logout.mutate();
    } catch {
      // The token is dropped locally whatever the server says.
    }
    session.clearAll();
    setVerified(null);
    queryClient.clear();
    navigate('/login');
  }, [client, navigate, queryClient]);

  const value = useMemo<AuthValue>(() => {
    const current = verified && verified.token === token ? verified : null;
    return {
      token,
      state: !token ? 'none' : current ? 'verified' : 'pending',
      status: current?.status ?? null,
      unreachable,
      verify,
      expire,
      logout,
    };
  }, [token, verified, unreachable, verify, expire, logout]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
