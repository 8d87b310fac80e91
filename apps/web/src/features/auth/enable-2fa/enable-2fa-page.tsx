import type { TEnable2faOutput } from '@tradebot/api-contract';
import { ui } from '@tradebot/api-contract';
import { Alert, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import * as session from '../../../lib/session';
import { serverDetail, useTRPC } from '../../../lib/trpc';
import { AuthCard } from '../auth-card';
import { Enable2faDone } from './enable-2fa-done';
import { Enable2faIntro } from './enable-2fa-intro';

/** Two-factor setup, reached with the temporary setup token from login. */
export function Enable2faPage() {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const [tempToken] = useState(session.getTempToken);
  const [result, setResult] = useState<TEnable2faOutput | null>(null);
  const [error, setError] = useState<string | null>(null);
  const enable = useMutation(trpc.auth.enable2fa.mutationOptions());

  if (!tempToken) return <Navigate to="/login" replace />;

  const start = async () => {
    setError(null);
    const username = session.getTempUsername();
    if (!session.getTempToken() || !username) {
      setError(ui.missingTempToken);
      return;
    }
    try {
      setResult(await enable.mutateAsync({ username }));
    } catch (caught) {
      setResult(null);
      setError(serverDetail(caught, ui.enable2faFailed));
    }
  };

  const continueToLogin = () => {
    // The setup ends the session: the user signs in again, this time with a code.
    session.clearAll();
    session.setFrom2faSetup(true);
    void navigate('/login', { replace: true });
  };

  return (
    <AuthCard
      title="Enable Two-Factor Authentication"
      subtitle="Protect your account with a code from an authenticator app."
    >
      <Stack gap="md">
        {error && (
          <Alert color="red" variant="light" data-testid="enable-2fa-error">
            {error}
          </Alert>
        )}
        {result ? (
          <Enable2faDone result={result} onContinue={continueToLogin} />
        ) : (
          <Enable2faIntro busy={enable.isPending} onStart={() => void start()} />
        )}
      </Stack>
    </AuthCard>
  );
}
