import type { TPaidPlan } from '@tradebot/api-contract';
import { ui } from '@tradebot/api-contract';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../../../lib/trpc';
import { useAuth } from '../../auth/auth-context';

/**
 * Held by the page, not the form: the choice survives the form unmounting on a sign-out.
 * The server's message is shown in an alert (a toast here), success or failure.
 */
export function useSubscribe() {
  const trpc = useTRPC();
  const { verify } = useAuth();
  const [plan, setPlan] = useState<TPaidPlan>('basic');
  const subscribe = useMutation(trpc.account.subscribe.mutationOptions());

  const submit = async () => {
    try {
      const { message } = await subscribe.mutateAsync({ plan });
      notifications.show({ color: 'green', title: 'Subscription', message });
      // The plan cards and the dashboard read the plan from the status.
      void verify(true);
    } catch (caught) {
      const reason = caught instanceof Error ? caught.message : String(caught);
      notifications.show({
        color: 'red',
        title: 'Subscription',
        message: ui.subscriptionFailed(reason),
      });
    }
  };

  return { plan, setPlan, submit, busy: subscribe.isPending };
}
