import type { TEnable2faOutput } from '@tradebot/api-contract';
import { ui } from '@tradebot/api-contract';
import { Alert, Button, Text } from '@mantine/core';
import { QrCode } from '../qr-code';

interface Props {
  result: TEnable2faOutput;
  onContinue: () => void;
}

/** The secret is shown once: the user scans it here before signing in again with a code. */
export function Enable2faDone({ result, onContinue }: Props) {
  return (
    <>
      <Alert color="green" variant="light" data-testid="enable-2fa-success">
        {result.message}
      </Alert>
      <QrCode src={result.totp_qr_code} uri={result.totp_uri} />
      <Text size="sm" c="dimmed" ta="center">
        {ui.signupQrNote}
      </Text>
      <Button fullWidth onClick={onContinue} data-testid="continue-to-login">
        Continue to Login
      </Button>
    </>
  );
}
