import { ui } from '@tradebot/api-contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import * as session from '../../../lib/session';
import { useTRPC, useTRPCClient } from '../../../lib/trpc';
import { afterLoginPath } from '../login-destination';
import { loginError } from './login-errors';
import type { LoginCredentials } from './login-form';

export type LoginStep = 'credentials' | '2fa';

/** One hook for both steps, so a failed 2FA step can fall back to the first with its error. */
export function useLogin(from: string | undefined) {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const [step, setStep] = useState<LoginStep>('credentials');
  const [error, setError] = useState<string | null>(null);
  const login = useMutation(trpc.auth.login.mutationOptions());
  // A plain client call: storing a new token clears the query cache, which would cancel a cached query.
  const client = useTRPCClient();

  const finish = (token: string, isOnboarded: boolean) => {
    session.setToken(token);
    void navigate(afterLoginPath(isOnboarded, from), { replace: true });
  };

  // After a 2FA code the new token is verified and onboarding status decides the destination.
  const afterTwoFactor = async (token: string) => {
    session.setToken(token);
    try {
      const status = await client.auth.onboardingStatus.query();
      finish(token, status.is_onboarded);
    } catch {
      session.clearAll();
      setStep('credentials');
      setError(ui.onboardingFailed);
    }
  };

  const submit = async ({ username, password }: LoginCredentials) => {
    setError(null);
    try {
      const result = await login.mutateAsync({ username, password });
      if (result.needs_2fa_setup && result.setup_token) {
        const owner = username.trim().toLowerCase();
        session.startPendingSetup(result.access_token, result.setup_token, owner);
        void navigate('/account-settings', { replace: true });
      } else if (result.requires_2fa) {
        session.startChallenge(result.access_token);
        setStep('2fa');
      } else {
        finish(result.access_token, result.is_onboarded);
      }
    } catch (caught) {
      setError(loginError(caught));
    }
  };

  const verified = (token: string) => {
    session.clearTemporary();
    void afterTwoFactor(token);
  };

  const restart = (message: string) => {
    session.clearTemporary();
    setStep('credentials');
    setError(message);
  };

  return { step, error, busy: login.isPending, submit, verified, restart };
}
