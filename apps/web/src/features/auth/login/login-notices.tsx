import { ui } from '@tradebot/api-contract';
import { Alert } from '@mantine/core';

export function LoginNotices({ fromSetup, message }: { fromSetup: boolean; message?: string }) {
  return (
    <>
      {fromSetup && (
        <Alert color="green" variant="light" data-testid="login-setup-complete">
          {ui.twoFaSetupComplete}
        </Alert>
      )}
      {message && (
        <Alert color="yellow" variant="light" data-testid="login-notice">
          {message}
        </Alert>
      )}
    </>
  );
}
