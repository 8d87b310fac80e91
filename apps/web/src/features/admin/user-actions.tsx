import type { TAdminUser } from '@tradebot/api-contract';
import { Button, Group } from '@mantine/core';
import { GrantPlanMenu } from './grant-plan-menu';
import { TwoFactorToggle } from './two-factor-toggle';
import { useUserActions } from './use-user-actions';

interface Props {
  user: TAdminUser;
  onError: (message: string | null) => void;
}

/**
 * Row actions: 2FA Enable/Disable, Admin Grant/Revoke, plan grant, Delete; and "Mark
 * verified" while the user's email is unverified.
 */
export function UserActions({ user, onError }: Props) {
  const { busy, patch, deleteUser, grantPlan, markVerified } = useUserActions(user, onError);
  return (
    <Group gap={6}>
      <TwoFactorToggle
        user={user}
        disabled={busy}
        onSecretChange={(secret) => void patch({ totp_secret: secret })}
      />
      <Button
        size="compact-sm"
        variant="light"
        disabled={busy}
        onClick={() => void patch({ is_admin: !user.is_admin })}
        data-testid={`toggle-admin-${user.username}`}
      >
        {user.is_admin ? 'Revoke Admin' : 'Grant Admin'}
      </Button>
      {!user.is_verified && (
        <Button
          size="compact-sm"
          variant="light"
          color="teal"
          disabled={busy}
          onClick={() => void markVerified()}
          data-testid={`mark-verified-${user.username}`}
        >
          Mark verified
        </Button>
      )}
      <GrantPlanMenu
        username={user.username}
        disabled={busy}
        onGrant={(plan) => void grantPlan(plan)}
      />
      <Button
        size="compact-sm"
        variant="light"
        color="red"
        disabled={busy}
        onClick={() => void deleteUser()}
        data-testid={`delete-user-${user.username}`}
      >
        Delete
      </Button>
    </Group>
  );
}
