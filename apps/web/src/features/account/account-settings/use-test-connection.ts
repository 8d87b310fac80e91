import type { TTestConnectionOutput, TTradingEnvironment } from '@tradebot/api-contract';
import { ui } from '@tradebot/api-contract';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { serverDetail, useTRPC } from '../../../lib/trpc';

export type TestConnectionResult =
  { ok: true; account: TTestConnectionOutput } | { ok: false; text: string };

/**
 * "Test connection" for one mode: the typed key and secret when both are filled, else the saved
 * pair (the server reads it). The answer holds no key, only the masked account number.
 */
export function useTestConnection(environment: TTradingEnvironment) {
  const trpc = useTRPC();
  const test = useMutation(trpc.account.testConnection.mutationOptions());
  const [result, setResult] = useState<TestConnectionResult | null>(null);

  const run = async (key: string, secret: string) => {
    const typedKey = key.trim();
    const typedSecret = secret.trim();
    if ((typedKey === '') !== (typedSecret === '')) {
      return setResult({ ok: false, text: ui.testConnectionNeedsPair });
    }
    setResult(null);
    try {
      const account = await test.mutateAsync(
        typedKey === '' ? { environment } : { environment, key: typedKey, secret: typedSecret },
      );
      setResult({ ok: true, account });
    } catch (caught) {
      setResult({ ok: false, text: serverDetail(caught, ui.testConnectionFailed) });
    }
  };

  const clear = useCallback(() => setResult(null), []);
  return { run, result, testing: test.isPending, clear };
}
