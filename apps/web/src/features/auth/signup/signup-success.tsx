import type { TSignupOutput } from '@tradebot/api-contract';
import { ui } from '@tradebot/api-contract';
import { Alert, Button, Text } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { AuthCard } from '../auth-card';
import { QrCode } from '../qr-code';

/** The new account's 2FA secret is shown only here, once: the user scans it before logging in. */
export function SignupSuccess({ result }: { result: TSignupOutput }) {
  const navigate = useNavigate();
  return (
    <AuthCard title="Account created" subtitle="One more step: set up your authenticator app.">
      <Alert color="green" variant="light" mb="md" data-testid="signup-success">
        {result.message}
      </Alert>
      <QrCode src={result.totp_qr_code} uri={result.totp_uri} />
      <Text size="sm" c="dimmed" ta="center" mt="md">
        {ui.signupQrNote}
      </Text>
      <Button
        fullWidth
        mt="lg"
        onClick={() => void navigate('/login')}
        data-testid="proceed-to-login"
      >
        Proceed to Login
      </Button>
    </AuthCard>
  );
}
