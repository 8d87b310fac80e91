import { server, ui, type TBacktestProgress } from '@tradebot/api-contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { readStorage, writeStorage } from '../../../lib/browser-storage';
import { errorCode, serverDetail, useTRPC, useTRPCClient } from '../../../lib/trpc';
import { useUserEvents } from '../../../lib/use-user-events';
import { useAuth } from '../../auth/auth-context';
import { notify } from '../../../lib/notify';
import { applyEvent, followStep, isBatchActive } from './run-progress';

/** Backtest poll 2 s (the fallback when the /ws events do not arrive). */
const POLL_MS = 2000;
/** How long "3 of 3 completed" stays in view before the page moves on to the Trading tab. */
const SWITCH_DELAY_MS = 2000;
/** The batch the page follows, kept for the tab's session: a reload goes on following it. */
const FOLLOWED_KEY = 'tradebot-followed-backtest-batch';

/** The followed batch's id, in state and in the tab's session storage (null: none). */
function useFollowedBatch() {
  const [followed, setState] = useState<number | null>(() => {
    const saved = Number(readStorage('session', FOLLOWED_KEY));
    return Number.isInteger(saved) && saved > 0 ? saved : null;
  });
  const setFollowed = useCallback((id: number | null) => {
    // Without storage the batch is followed only while this page is shown.
    writeStorage('session', FOLLOWED_KEY, id === null ? null : String(id));
    setState(id);
  }, []);
  return [followed, setFollowed] as const;
}

/**
 * Run Backtester: one `backtests.run` per stock of the list, then the
 * batch's progress from /ws events (task 'backtest') with `backtests.progress` polled every 2 s.
 * A batch found running when the page loads is followed the same way, and a followed batch is
 * still followed after a reload, even one that ended meanwhile. When the followed batch ends:
 * the lists are reloaded, a toast says how it went and, if any stock completed, `onCompleted`
 * runs two seconds later (the page switches to the Trading Settings tab), so the
 * final count is seen before the tab changes.
 */
export function useBacktestRun(symbols: readonly string[], onCompleted: () => void) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const { expire } = useAuth();
  const [starting, setStarting] = useState(false);
  // The batch this page follows to its end (null: none).
  const [followed, setFollowed] = useFollowedBatch();
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
    if (!data) return;
    const step = followStep(followed, data);
    if (step === null) return;
    if (step !== 'ended') return setFollowed(step.follow);
    setFollowed(null);
    void queryClient.invalidateQueries({ queryKey: trpc.stockLists.pathKey() });
    announce(data);
    if (data.completed > 0) setSwitching(true);
  }, [data, followed, setFollowed, queryClient, trpc]);

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
  }, [symbols, client, queryClient, progressKey, expire, setFollowed]);

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
