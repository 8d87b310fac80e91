import { ui } from '@tradebot/api-contract/client';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { homeFor } from '../auth-context';
import { AuthCard } from '../auth-card';
import { SignedInRedirect } from '../signed-in-redirect';
import * as session from '../../../lib/session';
import { useTRPC, useTRPCClient } from '../../../lib/trpc';
import { loginError } from './login-errors';
import { TwoFactorForm } from './two-factor-form';

interface LoginLocationState {
  from?: string;
  message?: string;
}

export function LoginPage() {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const location = useLocation();
  const locationState = (location.state ?? {}) as LoginLocationState;
  const [fromSetup] = useState(session.isFrom2faSetup);
  const [step, setStep] = useState<'credentials' | '2fa'>('credentials');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const login = useMutation(trpc.auth.login.mutationOptions());
  // A plain client call: storing a new token clears the query cache, which would cancel a cached query.
  const client = useTRPCClient();

  useEffect(() => session.setFrom2faSetup(false), []);

  const finish = (token: string, isOnboarded: boolean) => {
    session.setToken(token);
    navigate(isOnboarded && locationState.from ? locationState.from : homeFor(isOnboarded), {
      replace: true,
    });
  };

  // Spec §4: after a 2FA code the new token is verified and onboarding status decides the destination.
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

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      const result = await login.mutateAsync({ username, password });
      if (result.needs_2fa_setup && result.setup_token) {
        session.startPendingSetup(
          result.access_token,
          result.setup_token,
          username.trim().toLowerCase(),
        );
        navigate('/account-settings', { replace: true });
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

  return (
    <AuthCard title="Log in to TradeBot" subtitle="Screen, backtest and trade from one place.">
      {step === 'credentials' && <SignedInRedirect />}
      <Stack gap="md">
        {fromSetup && (
          <Alert color="green" variant="light" data-testid="login-setup-complete">
            {ui.twoFaSetupComplete}
          </Alert>
        )}
        {locationState.message && !error && (
          <Alert color="yellow" variant="light" data-testid="login-notice">
            {locationState.message}
          </Alert>
        )}
        {step === '2fa' ? (
          <TwoFactorForm
            onVerified={(token) => {
              session.clearTemporary();
              void afterTwoFactor(token);
            }}
            onRestart={(message) => {
              session.clearTemporary();
              setStep('credentials');
              setError(message);
            }}
          />
        ) : (
          <form onSubmit={(event) => void submit(event)} noValidate={false}>
            <Stack gap="md">
              {error && (
                <Alert color="red" variant="light" data-testid="login-error">
                  {error}
                </Alert>
              )}
              <TextInput
                label="Username"
                name="username"
                autoComplete="username"
                required
                value={username}
                onChange={(e) => setUsername(e.currentTarget.value)}
                data-testid="login-username"
              />
              <PasswordInput
                label="Password"
                name="password"
                autoComplete="current-password"
                required
                value={password}
                onChange={(e) => setPassword(e.currentTarget.value)}
                data-testid="login-password"
              />
              <Group justify="flex-end">
                <Anchor component={Link} to="/forgot-password" size="sm">
                  Forgot password?
                </Anchor>
              </Group>
              <Button type="submit" fullWidth loading={login.isPending} data-testid="login-submit">
                Login
              </Button>
              <Text size="sm" ta="center" c="dimmed">
                New here?{' '}
                <Anchor component={Link} to="/signup">
                  Start your free trial
                </Anchor>
              </Text>
            </Stack>
          </form>
        )}
      </Stack>
    </AuthCard>
  );
}
