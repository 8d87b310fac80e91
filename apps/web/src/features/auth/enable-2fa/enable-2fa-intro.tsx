import { Button, Text } from '@mantine/core';

export function Enable2faIntro({ busy, onStart }: { busy: boolean; onStart: () => void }) {
  return (
    <>
      <Text size="sm">
        Scan a QR code with Google Authenticator, Authy or any TOTP app. You will enter its 6-digit
        code each time you log in.
      </Text>
      <Button fullWidth onClick={onStart} disabled={busy} data-testid="enable-2fa">
        {busy ? 'Loading...' : 'Enable 2FA'}
      </Button>
    </>
  );
}
