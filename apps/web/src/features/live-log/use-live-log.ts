import { useQuery } from '@tanstack/react-query';
import { useEffect, useReducer } from 'react';
import { useTRPC, useTRPCClient } from '../../lib/trpc';
import { useAuth } from '../auth/auth-context';
import { logLines } from './live-log-lines';
import { initialLiveLog, liveLogReducer } from './live-log-state';

/** The live log polls every 5 s; each request times out after 15 s. */
export const LIVE_LOG_POLL_MS = 5_000;
export const LIVE_LOG_TIMEOUT_MS = 15_000;

/**
 * GET /api/get-live-log every 5 s while not paused. A failed poll sets the status to
 * error and polling goes on; the lines already shown stay.
 */
export function useLiveLog() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const { state: session } = useAuth();
  const [state, dispatch] = useReducer(liveLogReducer, initialLiveLog);
  const running = session === 'verified' && !state.paused;

  const query = useQuery({
    queryKey: trpc.bot.liveLog.queryKey(),
    queryFn: async ({ signal }) => {
      const timeout = AbortSignal.timeout(LIVE_LOG_TIMEOUT_MS);
      const answer = await client.bot.liveLog.query(undefined, {
        signal: AbortSignal.any([signal, timeout]),
      });
      return logLines(answer.logs);
    },
    enabled: running,
    refetchInterval: running ? LIVE_LOG_POLL_MS : false,
    retry: false,
  });

  useEffect(() => {
    if (query.dataUpdatedAt > 0) dispatch('answered');
  }, [query.dataUpdatedAt]);
  useEffect(() => {
    if (query.errorUpdatedAt > 0) dispatch('failed');
  }, [query.errorUpdatedAt, query.errorUpdateCount]);

  return {
    lines: query.data ?? [],
    loaded: query.data !== undefined,
    state,
    pause: () => dispatch('pause'),
    resume: () => dispatch('resume'),
  };
}
