import { useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import * as session from '../../lib/session';
import { AuthContext, type AuthValue } from './auth-context';
import { useSessionExit } from './use-session-exit';
import {
  useTokenVerification,
  useVerifyOnTokenChange,
  type VerifiedToken,
} from './use-token-verification';

export function AuthProvider({ children }: { children: ReactNode }) {
  // Subscribed, not read once: a login or logout in another tab changes the token here too.
  const token = useSyncExternalStore(session.subscribe, session.getToken);
  const [verified, setVerified] = useState<VerifiedToken | null>(null);
  const { expire, logout } = useSessionExit(setVerified);
  const { verify, unreachable } = useTokenVerification(setVerified, expire);
  useVerifyOnTokenChange(token, verify);

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
