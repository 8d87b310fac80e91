import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { withToasts, type ToastDeps } from './use-mutation-toast';

function recorder() {
  const shown: string[] = [];
  const refreshed: unknown[] = [];
  const deps: ToastDeps = {
    success: (message, { title }) => shown.push(`ok ${title ?? '-'} ${message}`),
    error: (message, { title }) => shown.push(`error ${title ?? '-'} ${message}`),
    refresh: (keys) => Promise.resolve(refreshed.push(...keys)),
  };
  return { shown, refreshed, deps };
}

const serverError = (code: string, message: string) =>
  TRPCClientError.from({ error: { code: -32600, message, data: { code } } } as never);

describe('withToasts', () => {
  it('shows the success text (or the answer’s) and refreshes', async () => {
    const { shown, refreshed, deps } = recorder();
    const first = await withToasts(
      () => Promise.resolve({ moved: ['A', 'B'] }),
      {
        success: (answer) => `Moved ${answer.moved.length}`,
        failure: 'Failed',
        refresh: [['lists']],
      },
      deps,
    );
    expect(first).toEqual({ ok: true, answer: { moved: ['A', 'B'] } });
    const second = await withToasts(
      () => Promise.resolve(1),
      { success: null, failure: 'Failed' },
      deps,
    );
    expect(second.ok).toBe(true);
    expect(shown).toEqual(['ok - Moved 2']);
    expect(refreshed).toEqual([['lists']]);
  });

  it('shows the server’s reason, or the fallback for an internal error, and still refreshes', async () => {
    const { shown, refreshed, deps } = recorder();
    const toast = { title: 'Save', success: 'Saved', failure: 'Failed to save', refresh: [['x']] };
    const refused = await withToasts(
      () => Promise.reject(serverError('BAD_REQUEST', 'Symbol ZZZ is not a ticker')),
      toast,
      deps,
    );
    await withToasts(
      () => Promise.reject(serverError('INTERNAL_SERVER_ERROR', 'stack')),
      toast,
      deps,
    );
    await withToasts(() => Promise.reject(new Error('offline')), toast, deps);
    expect(refused).toEqual({ ok: false });
    expect(shown).toEqual([
      'error Save Symbol ZZZ is not a ticker',
      'error Save Failed to save',
      'error Save Failed to save',
    ]);
    expect(refreshed).toEqual([['x'], ['x'], ['x']]);
  });

  it('lets the caller word the failure itself', async () => {
    const { shown, deps } = recorder();
    await withToasts(
      () => Promise.reject(new Error('card declined')),
      {
        failure: (caught) => `Subscription failed: ${(caught as Error).message}`,
      },
      deps,
    );
    expect(shown).toEqual(['error - Subscription failed: card declined']);
  });
});
