import type { TStatusOutput } from '@tradebot/api-contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import * as session from '../../lib/session';
import { errorCode, useTRPCClient } from '../../lib/trpc';

/** Verification throttle. */
const VERIFY_THROTTLE_MS = 5_000;

/** The status is kept with the token it was checked for, so a newer token never shows it. */
export interface VerifiedToken {
  token: string;
  status: TStatusOutput;
}

/**
 * Checks the stored token with the server. An UNAUTHORIZED answer gets one refresh before the
 * session is given up, so an access token that merely timed out does not sign the user out.
 */
export function useTokenVerification(
  setVerified: (verified: VerifiedToken) => void,
  expire: () => void,
) {
  const client = useTRPCClient();
  const [unreachable, setUnreachable] = useState(false);
  const lastCheck = useRef<{ token: string; at: number } | null>(null);

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
          // A time-out or network failure leaves the previous verification state.
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
    [client, expire, setVerified],
  );

  return { verify, unreachable };
}

/** A new token (login, 2FA, refresh, another tab) invalidates everything cached for the old one. */
export function useVerifyOnTokenChange(token: string | null, verify: () => Promise<void>): void {
  const queryClient = useQueryClient();
  const previousToken = useRef(token);
  useEffect(() => {
    if (previousToken.current !== token) queryClient.clear();
    previousToken.current = token;
    // Not forced: the route guard may already have started the same check.
    if (token) void verify();
  }, [token, verify, queryClient]);
}
