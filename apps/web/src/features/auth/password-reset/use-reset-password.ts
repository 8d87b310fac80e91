import { ui } from '@tradebot/api-contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { FormResult } from '../../../components/result-alert';
import { serverDetail, useTRPC } from '../../../lib/trpc';

export function useResetPassword(token: string) {
  const trpc = useTRPC();
  const [result, setResult] = useState<FormResult | null>(null);
  const reset = useMutation(trpc.auth.resetPassword.mutationOptions());

  const submit = async (password: string, confirm: string) => {
    if (password !== confirm) return setResult({ ok: false, text: ui.passwordsDoNotMatch });
    try {
      const { message } = await reset.mutateAsync({ token, new_password: password });
      setResult({ ok: true, text: message });
    } catch (caught) {
      const text = serverDetail(caught, 'Could not reset the password. Please try again.');
      setResult({ ok: false, text });
    }
  };

  return { result, submit, busy: reset.isPending };
}
