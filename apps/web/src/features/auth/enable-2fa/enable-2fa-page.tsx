import type { TEnable2faOutput } from '@tradebot/api-contract';
import { ui } from '@tradebot/api-contract/client';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { AuthCard } from '../auth-card';
import { QrCode } from '../qr-code';
import * as session from '../../../lib/session';
import { serverDetail, useTRPC } from '../../../lib/trpc';

/** Spec §2 two-factor setup, reached with the temporary setup token from login. */
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
    navigate('/login', { replace: true });
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
          <>
            <Alert color="green" variant="light" data-testid="enable-2fa-success">
              {result.message}
            </Alert>
            <QrCode src={result.totp_qr_code} uri={result.totp_uri} />
            <Text size="sm" c="dimmed" ta="center">
              {ui.signupQrNote}
            </Text>
            <Button fullWidth onClick={continueToLogin} data-testid="continue-to-login">
              Continue to Login
            </Button>
          </>
        ) : (
          <>
            <Text size="sm">
              Scan a QR code with Google Authenticator, Authy or any TOTP app. You will enter its
              6-digit code each time you log in.
            </Text>
            <Button
              fullWidth
              onClick={() => void start()}
              disabled={enable.isPending}
              data-testid="enable-2fa"
            >
              {enable.isPending ? 'Loading...' : 'Enable 2FA'}
            </Button>
          </>
        )}
      </Stack>
    </AuthCard>
  );
}
