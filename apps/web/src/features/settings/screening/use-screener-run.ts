import { ui, type TScreeningCriteria } from '@tradebot/api-contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorCode, serverDetail, useTRPC, useTRPCClient } from '../../../lib/trpc';
import { useUserEvents } from '../../../lib/use-user-events';
import { useAuth } from '../../auth/auth-context';
import { notify } from '../../../lib/notify';

/** The screener wait is at most 30 one-second polls of the notifications. */
const POLLS = 30;
const POLL_MS = 1000;

export interface Progress {
  completed: number;
  total: number;
}

/**
 * Run Screener: queue the run, show progress from /ws events for task 'screener', and (as the
 * spec's client does) poll the notifications every second, 30 times at most, for the one that
 * says how the run ended; then load the output.
 */
export function useScreenerRun() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const { expire } = useAuth();
  const output = useQuery(trpc.screener.output.queryOptions());
  const run = useMutation(trpc.screener.run.mutationOptions());
  const [running, setRunning] = useState(false);
  const [progress, setProgress] = useState<Progress | null>(null);
  const wake = useRef<(() => void) | null>(null);

  useEffect(() => {
    if (errorCode(output.error) === 'UNAUTHORIZED') expire();
  }, [output.error, expire]);

  useUserEvents(running, (message) => {
    if (message.type !== 'progress' || message.task !== 'screener') return;
    setProgress({ completed: message.completed, total: message.total });
    // The last event: look for the notification now rather than at the next poll.
    if (message.total > 0 && message.completed >= message.total) wake.current?.();
  });

  const start = useCallback(
    async (criteria: TScreeningCriteria, templateName: string | null) => {
      setRunning(true);
      setProgress(null);
      try {
        const before = await client.notifications.list.query();
        const seen = new Set(before.map((n) => n.id));
        await run.mutateAsync({ criteria, template_name: templateName });
        for (let poll = 0; poll < POLLS; poll++) {
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, POLL_MS);
            wake.current = () => {
              clearTimeout(timer);
              resolve();
            };
          });
          wake.current = null;
          const list = await client.notifications.list.query();
          const done = list.find(
            (n) => !seen.has(n.id) && /^Screener (completed|failed)/.test(n.message),
          );
          if (!done) continue;
          void queryClient.invalidateQueries({ queryKey: trpc.notifications.list.queryKey() });
          if (done.status === 'completed') {
            await queryClient.invalidateQueries({ queryKey: trpc.screener.output.queryKey() });
            notify.success(done.message);
          } else notify.error(done.message);
          return;
        }
        notify.error(ui.screenerTimedOut);
      } catch (caught) {
        if (errorCode(caught) === 'UNAUTHORIZED') return expire();
        notify.error(serverDetail(caught, 'Failed to start the screener. Please try again.'));
      } finally {
        wake.current = null;
        setRunning(false);
        setProgress(null);
      }
    },
    [client, run, queryClient, trpc, expire],
  );

  return { output, start, running, progress };
}
