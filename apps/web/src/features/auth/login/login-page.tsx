import { Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import * as session from '../../../lib/session';
import { AuthCard } from '../auth-card';
import { SignedInRedirect } from '../signed-in-redirect';
import { LoginForm, type LoginCredentials } from './login-form';
import { LoginNotices } from './login-notices';
import { TwoFactorForm } from './two-factor-form';
import { useLogin } from './use-login';

interface LoginLocationState {
  from?: string;
  message?: string;
}

export function LoginPage() {
  const location = useLocation();
  const { from, message } = (location.state ?? {}) as LoginLocationState;
  // Read once, then cleared: the "setup complete" notice belongs to this visit only.
  const [fromSetup] = useState(session.isFrom2faSetup);
  const [credentials, setCredentials] = useState<LoginCredentials>({ username: '', password: '' });
  const login = useLogin(from);

  useEffect(() => session.setFrom2faSetup(false), []);

  return (
    <AuthCard title="Log in to TradeBot" subtitle="Screen, backtest and trade from one place.">
      {/* Not once a code is sent: this page then picks the destination itself. */}
      {login.step === 'credentials' && <SignedInRedirect />}
      <Stack gap="md">
        {/* An error replaces the redirect's message rather than stacking under it. */}
        <LoginNotices fromSetup={fromSetup} message={login.error ? undefined : message} />
        {login.step === '2fa' ? (
          <TwoFactorForm onVerified={login.verified} onRestart={login.restart} />
        ) : (
          <LoginForm
            values={credentials}
            onChange={setCredentials}
            error={login.error}
            busy={login.busy}
            onSubmit={() => void login.submit(credentials)}
          />
        )}
      </Stack>
    </AuthCard>
  );
}
