import type { TPaidPlan } from '@tradebot/api-contract';
import { ui } from '@tradebot/api-contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { FormResult } from '../../../components/result-alert';
import { useTRPC } from '../../../lib/trpc';

/** Held by the page, not the form: the choice survives the form unmounting on a sign-out. */
export function useSubscribe() {
  const trpc = useTRPC();
  const [plan, setPlan] = useState<TPaidPlan>('basic');
  const [result, setResult] = useState<FormResult | null>(null);
  const subscribe = useMutation(trpc.account.subscribe.mutationOptions());

  const submit = async () => {
    setResult(null);
    try {
      setResult({ ok: true, text: (await subscribe.mutateAsync({ plan })).message });
    } catch (caught) {
      const reason = caught instanceof Error ? caught.message : String(caught);
      setResult({ ok: false, text: ui.subscriptionFailed(reason) });
    }
  };

  return { plan, setPlan, result, submit, busy: subscribe.isPending };
}
