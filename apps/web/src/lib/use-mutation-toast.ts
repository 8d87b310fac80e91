import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback } from 'react';
import { notify } from './notify';
import { serverDetail } from './trpc';

export interface MutationToast<T> {
  /** A bold first line over either toast. */
  title?: string;
  /** The success toast; a function of the answer, or null for none. */
  success?: string | null | ((answer: T) => string | null);
  /** The failure toast: the product's text, replaced by the server's reason when it gave one. */
  failure: string | ((caught: unknown) => string);
  /** Queries to refetch afterwards, whether the call worked or not. */
  refresh?: readonly QueryKey[];
}

export type Outcome<T> = { ok: true; answer: T } | { ok: false };

export interface ToastDeps {
  success: (message: string, options: { title?: string }) => void;
  error: (message: string, options: { title?: string }) => void;
  refresh: (keys: readonly QueryKey[]) => Promise<unknown>;
}

/** Runs `call`, shows the success or failure toast, then refreshes, whatever happened. */
export async function withToasts<T>(
  call: () => Promise<T>,
  toast: MutationToast<T>,
  deps: ToastDeps,
): Promise<Outcome<T>> {
  try {
    const answer = await call();
    const success = typeof toast.success === 'function' ? toast.success(answer) : toast.success;
    if (success) deps.success(success, { title: toast.title });
    return { ok: true, answer };
  } catch (caught) {
    const { failure } = toast;
    const message = typeof failure === 'function' ? failure(caught) : serverDetail(caught, failure);
    deps.error(message, { title: toast.title });
    return { ok: false };
  } finally {
    await deps.refresh(toast.refresh ?? []);
  }
}

/**
 * The try / toast / refresh of a user's action: `run(call, toast)` runs the call, shows the
 * success or failure toast, then refetches `toast.refresh` so the screen shows what the server
 * holds either way. Resolves to whether it worked (with the answer), never rejects.
 */
export function useMutationToast() {
  const queryClient = useQueryClient();
  return useCallback(
    <T>(call: () => Promise<T>, toast: MutationToast<T>) =>
      withToasts(call, toast, {
        success: notify.success,
        error: notify.error,
        refresh: (keys) =>
          Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
      }),
    [queryClient],
  );
}
