import { server, ui, type TBacktestProgress } from '@tradebot/api-contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorCode, serverDetail, useTRPC, useTRPCClient } from '../../../lib/trpc';
import { useUserEvents } from '../../../lib/use-user-events';
import { useAuth } from '../../auth/auth-context';
import { notify } from '../../../lib/notify';
import { applyEvent, isBatchActive, isBatchDone } from './run-progress';

/** Backtest poll 2 s (the fallback when the /ws events do not arrive). */
const POLL_MS = 2000;
/** How long "3 of 3 completed" stays in view before the page moves on to the Trading tab. */
const SWITCH_DELAY_MS = 2000;

/**
 * Run Backtester: one `backtests.run` per stock of the list, then the
 * batch's progress from /ws events (task 'backtest') with `backtests.progress` polled every 2 s.
 * A batch found running when the page loads is followed the same way. When the followed batch
 * ends: the lists are reloaded, a toast says how it went and, if any stock completed,
 * `onCompleted` runs two seconds later (the page switches to the Trading Settings tab), so the
 * final count is seen before the tab changes.
 */
export function useBacktestRun(symbols: readonly string[], onCompleted: () => void) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const { expire } = useAuth();
  const [starting, setStarting] = useState(false);
  // The batch this page follows to its end (null: none).
  const [followed, setFollowed] = useState<number | null>(null);
  const progressKey = trpc.backtests.progress.queryKey();
  const progress = useQuery({
    ...trpc.backtests.progress.queryOptions(),
    refetchInterval: (query) =>
      followed !== null || isBatchActive(query.state.data) ? POLL_MS : false,
  });
  const done = useRef(onCompleted);
  done.current = onCompleted;
  const [switching, setSwitching] = useState(false);

  useEffect(() => {
    if (!switching) return;
    const timer = setTimeout(() => done.current(), SWITCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [switching]);

  useEffect(() => {
    if (errorCode(progress.error) === 'UNAUTHORIZED') expire();
  }, [progress.error, expire]);

  const data = progress.data;
  useEffect(() => {
    if (!data || data.batch_id === null) return;
    if (followed === null && isBatchActive(data)) setFollowed(data.batch_id);
    if (followed !== data.batch_id || !isBatchDone(data)) return;
    setFollowed(null);
    void queryClient.invalidateQueries({ queryKey: trpc.stockLists.pathKey() });
    announce(data);
    if (data.completed > 0) setSwitching(true);
  }, [data, followed, queryClient, trpc]);

  useUserEvents(followed !== null, (message) => {
    if (message.type !== 'progress' || message.task !== 'backtest') return;
    const before = queryClient.getQueryData<TBacktestProgress>(progressKey);
    const after = before ? applyEvent(before, message) : before;
    if (after && after !== before) queryClient.setQueryData(progressKey, after);
    // An event the cached batch cannot place (a new symbol, no symbol): ask the server now.
    else void queryClient.invalidateQueries({ queryKey: progressKey });
  });

  const start = useCallback(async () => {
    if (symbols.length === 0) return notify.error(ui.noStocksInBacktestingList);
    setStarting(true);
    setSwitching(false);
    try {
      const results = await Promise.allSettled(
        symbols.map((symbol) => client.backtests.run.mutate({ symbol })),
      );
      const queued = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
      const refused = results.find((r) => r.status === 'rejected')?.reason as unknown;
      if (refused !== undefined && errorCode(refused) === 'UNAUTHORIZED') return expire();
      const last = queued.at(-1);
      if (last) {
        notify.success(ui.backtestsQueued(queued.length));
        setFollowed(last.batch_id);
      }
      if (refused !== undefined) notify.error(serverDetail(refused, ui.queueBacktestsFailed));
      await queryClient.invalidateQueries({ queryKey: progressKey });
    } finally {
      setStarting(false);
    }
  }, [symbols, client, queryClient, progressKey, expire]);

  return { progress, start, starting, switching, running: followed !== null };
}

/** The end of a batch in one or two toasts: which stocks completed, which failed and why. */
function announce(progress: TBacktestProgress) {
  const completed = progress.runs.filter((r) => r.status === 'completed').map((r) => r.symbol);
  const failed = progress.runs.filter((r) => r.status === 'failed');
  if (completed.length > 0) notify.success(ui.backtestCompleted(completed.join(', ')));
  if (failed.length > 0)
    notify.error(
      failed.map((r) => server.backtestFailed(r.symbol, r.error ?? 'unknown error')).join(' '),
    );
}
