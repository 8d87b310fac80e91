import type { TStatusOutput } from '@tradebot/api-contract';
import { createContext, useContext } from 'react';

/**
 * Token verification. `none`: no token. `pending`: a token not yet checked (or the
 * server was unreachable before the first check). `verified`: `auth.status` accepted it.
 */
export type VerifyState = 'none' | 'pending' | 'verified';

export interface AuthValue {
  token: string | null;
  state: VerifyState;
  status: TStatusOutput | null;
  /** True when the last check could not reach the server (the previous state is kept). */
  unreachable: boolean;
  /** Checks the token with the server, at most every 5 s unless forced. */
  verify: (force?: boolean) => Promise<void>;
  /** Drops the session and goes to /login with 'Session expired'. */
  expire: () => void;
  /** Ends the session and goes to /login, optionally remembering where the user was going. */
  logout: (next?: LoginRedirect) => Promise<void>;
}

/** What /login is told on arrival: the route to return to after login, and why it was shown. */
export interface LoginRedirect {
  from?: string;
  message?: string;
}

export const AuthContext = createContext<AuthValue | null>(null);

export function useAuth(): AuthValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
