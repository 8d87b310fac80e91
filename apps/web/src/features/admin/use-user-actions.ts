import type { TAdminUpdateUserBody, TAdminUser, TPaidPlan } from '@tradebot/api-contract';
import { ui } from '@tradebot/api-contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { serverDetail, useTRPC } from '../../lib/trpc';
import { notify } from '../../lib/notify';

/** Failures go up to the table: one alert above it rather than one per row. */
export function useUserActions(user: TAdminUser, onError: (message: string | null) => void) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  // The list is reloaded after each update or delete, whatever the outcome.
  const reload = () => queryClient.invalidateQueries({ queryKey: trpc.admin.users.queryKey() });
  const update = useMutation(trpc.admin.updateUser.mutationOptions({ onSettled: reload }));
  const remove = useMutation(trpc.admin.deleteUser.mutationOptions({ onSettled: reload }));
  const grant = useMutation(trpc.admin.grantPlan.mutationOptions({ onSettled: reload }));
  const verify = useMutation(trpc.admin.markEmailVerified.mutationOptions({ onSettled: reload }));

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
      const { message } = await grant.mutateAsync({ id: user.id, plan });
      notify.success(message);
    } catch (caught) {
      onError(serverDetail(caught, ui.userUpdateFailed));
    }
  };

  /** For a server without SMTP: the user never gets the link, so an admin vouches instead. */
  const markVerified = async () => {
    onError(null);
    try {
      const { message } = await verify.mutateAsync({ id: user.id });
      notify.success(message);
    } catch (caught) {
      onError(serverDetail(caught, ui.userUpdateFailed));
    }
  };

  const busy = update.isPending || remove.isPending || grant.isPending || verify.isPending;
  return { busy, patch, deleteUser, grantPlan, markVerified };
}
