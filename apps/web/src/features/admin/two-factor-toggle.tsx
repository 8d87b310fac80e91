import type { TAdminUser } from '@tradebot/api-contract';
import { Button } from '@mantine/core';
import { generateTotpSecret } from './totp-secret';

interface Props {
  user: TAdminUser;
  disabled: boolean;
  onSecretChange: (secret: string | null) => void;
}

/**
 * Turning 2FA on sends a fresh secret made in the browser; reserved accounts show 'Exempt' but
 * stay clickable so the server's refusal is what the admin sees.
 */
export function TwoFactorToggle({ user, disabled, onSecretChange }: Props) {
  const has2fa = Boolean(user.totp_secret);
  return (
    <Button
      size="compact-sm"
      variant="light"
      color={user.is_2fa_exempt ? 'gray' : has2fa ? 'orange' : 'teal'}
      disabled={disabled}
      onClick={() => onSecretChange(has2fa ? null : generateTotpSecret())}
      data-testid={`toggle-2fa-${user.username}`}
    >
      {user.is_2fa_exempt ? 'Exempt' : has2fa ? 'Disable 2FA' : 'Enable 2FA'}
    </Button>
  );
}
