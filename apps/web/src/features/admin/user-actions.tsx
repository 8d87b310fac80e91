import type { TAdminUpdateUserBody, TAdminUser, TPaidPlan } from '@tradebot/api-contract';
import { ui } from '@tradebot/api-contract/client';
import { Button, Group, Menu } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { generateTotpSecret } from './totp-secret';
import { serverDetail, useTRPC } from '../../lib/trpc';

interface Props {
  user: TAdminUser;
  onError: (message: string | null) => void;
}

/** Row actions (spec §2): 2FA Enable/Disable, Admin Grant/Revoke, plan grant, Delete. */
export function UserActions({ user, onError }: Props) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  // Spec §4: the list is reloaded after each update or delete, whatever the outcome.
  const reload = () => queryClient.invalidateQueries({ queryKey: trpc.admin.users.queryKey() });
  const update = useMutation(trpc.admin.updateUser.mutationOptions({ onSettled: reload }));
  const remove = useMutation(trpc.admin.deleteUser.mutationOptions({ onSettled: reload }));
  const grant = useMutation(trpc.admin.grantPlan.mutationOptions({ onSettled: reload }));
  const busy = update.isPending || remove.isPending || grant.isPending;

  const patch = async (body: TAdminUpdateUserBody) => {
    onError(null);
    try {
      await update.mutateAsync({ id: user.id, patch: body });
    } catch (caught) {
      onError(serverDetail(caught, ui.userUpdateFailed));
    }
  };

  const deleteUser = async () => {
    if (!window.confirm(ui.confirmDeleteUser)) return;
    onError(null);
    try {
      await remove.mutateAsync({ id: user.id });
    } catch (caught) {
      onError(serverDetail(caught, ui.userDeleteFailed));
    }
  };

  const grantPlan = async (plan: TPaidPlan) => {
    onError(null);
    try {
      notifications.show({
        color: 'green',
        message: (await grant.mutateAsync({ id: user.id, plan })).message,
      });
    } catch (caught) {
      onError(serverDetail(caught, ui.userUpdateFailed));
    }
  };

  const has2fa = Boolean(user.totp_secret);
  return (
    <Group gap={6} wrap="nowrap">
      <Button
        size="compact-sm"
        variant="light"
        color={user.is_2fa_exempt ? 'gray' : has2fa ? 'orange' : 'teal'}
        disabled={busy}
        onClick={() => void patch({ totp_secret: has2fa ? null : generateTotpSecret() })}
        data-testid={`toggle-2fa-${user.username}`}
      >
        {user.is_2fa_exempt ? 'Exempt' : has2fa ? 'Disable 2FA' : 'Enable 2FA'}
      </Button>
      <Button
        size="compact-sm"
        variant="light"
        disabled={busy}
        onClick={() => void patch({ is_admin: !user.is_admin })}
        data-testid={`toggle-admin-${user.username}`}
      >
        {user.is_admin ? 'Revoke Admin' : 'Grant Admin'}
      </Button>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button
            size="compact-sm"
            variant="default"
            disabled={busy}
            data-testid={`grant-plan-${user.username}`}
          >
            Plan
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>Grant plan</Menu.Label>
          <Menu.Item
            onClick={() => void grantPlan('basic')}
            data-testid={`grant-basic-${user.username}`}
          >
            Basic
          </Menu.Item>
          <Menu.Item
            onClick={() => void grantPlan('premium')}
            data-testid={`grant-premium-${user.username}`}
          >
            Premium
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
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
