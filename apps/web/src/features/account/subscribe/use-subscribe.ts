import type { TPaidPlan } from '@tradebot/api-contract';
import { ui } from '@tradebot/api-contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../../../lib/trpc';
import { useMutationToast } from '../../../lib/use-mutation-toast';
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
  const run = useMutationToast();

  const submit = async () => {
    const done = await run(() => subscribe.mutateAsync({ plan }), {
      title: 'Subscription',
      success: (answer) => answer.message,
      failure: (caught) =>
        ui.subscriptionFailed(caught instanceof Error ? caught.message : String(caught)),
    });
    // The plan cards and the dashboard read the plan from the status.
    if (done.ok) void verify(true);
  };

  return { plan, setPlan, submit, busy: subscribe.isPending };
}
