import { useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';
import { useUserEvents, useUserEventsState } from '../../lib/use-user-events';
import { useAuth } from '../auth/auth-context';
import { mergeStatus, updateLists } from './bot-update';
import { fallbackPollMs, marketRecheckMs } from './market-recheck';

/**
 * Market status at least every 60 s (and at the clock's next open or close), tracked symbols
 * every 30 s.
 */
export const MARKET_REFRESH_MS = 60_000;
export const TRACKED_REFRESH_MS = 30_000;
/**
 * Status, positions and logs arrive over /ws after every tick; polling them every 30 s keeps the
 * dashboard right while the socket is down (every 5 minutes while it is connected; positions
 * count against the broker's limiter, 2 reads a minute are far below it).
 */
export const BOT_REFRESH_MS = 30_000;
const PERFORMANCE_REFRESH_MS = 60_000;

/**
 * The dashboard's reads and the /ws events that refresh them: an `update`'s
 * status figures and last check are folded in at once, its market open/closed sets the badge,
 * positions and tracked symbols replace the cached lists when they have the read's shape, and
 * logs, performance, open orders and notifications are refetched; a `config` event rereads the
 * bot config.
 */
export function useBotData() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { state } = useAuth();
  const enabled = state === 'verified';
  // Polls are the fallback: while /ws is connected its events keep these reads current.
  const ws = useUserEventsState();
  const poll = (ms: number) => ({ enabled, refetchInterval: fallbackPollMs(ws.status, ms) });

  const status = useQuery(trpc.bot.status.queryOptions(undefined, poll(BOT_REFRESH_MS)));
  // Read again right when the active market's clock opens or closes (the demo's runs fast).
  const market = useQuery(
    trpc.market.status.queryOptions(undefined, {
      enabled,
      refetchInterval: (query) =>
        marketRecheckMs(query.state.data, fallbackPollMs(ws.status, MARKET_REFRESH_MS)),
    }),
  );
  const positions = useQuery(trpc.bot.positions.queryOptions(undefined, poll(BOT_REFRESH_MS)));
  const tracked = useQuery(
    trpc.bot.trackedSymbols.queryOptions(undefined, poll(TRACKED_REFRESH_MS)),
  );
  const performance = useQuery(
    trpc.bot.historicalPerformance.queryOptions(undefined, poll(PERFORMANCE_REFRESH_MS)),
  );
  const logs = useQuery(trpc.bot.logs.queryOptions(undefined, poll(BOT_REFRESH_MS)));
  const openOrders = useQuery(trpc.bot.openOrders.queryOptions(undefined, poll(BOT_REFRESH_MS)));
  const config = useQuery(trpc.tradingSettings.get.queryOptions(undefined, { enabled }));

  // The dashboard keeps the socket open while it is shown (the banner reports its state).
  useUserEvents(enabled, (message) => {
    if (message.type === 'config') {
      void queryClient.invalidateQueries({ queryKey: trpc.tradingSettings.get.queryKey() });
      return;
    }
    if (message.type !== 'update') return;
    const data = message.data;
    if (data.market_open !== undefined) {
      const key = trpc.market.status.queryKey();
      if (queryClient.getQueryData(key)?.is_open !== data.market_open) {
        queryClient.setQueryData(key, (current) => ({ ...current, is_open: data.market_open! }));
        void queryClient.invalidateQueries({ queryKey: key });
      }
    }
    queryClient.setQueryData(trpc.bot.status.queryKey(), (current) => mergeStatus(current, data));
    const lists = updateLists(data);
    // An update without the lists' shape (a stopped bot's status after its closes fill) reads
    // them again: the positions must not outlive the fills that closed them.
    if (lists.positions) queryClient.setQueryData(trpc.bot.positions.queryKey(), lists.positions);
    else void queryClient.invalidateQueries({ queryKey: trpc.bot.positions.queryKey() });
    if (lists.trackedSymbols)
      queryClient.setQueryData(trpc.bot.trackedSymbols.queryKey(), lists.trackedSymbols);
    else if (data.trackedSymbols)
      void queryClient.invalidateQueries({ queryKey: trpc.bot.trackedSymbols.queryKey() });
    const refetch: QueryKey[] = [
      trpc.bot.logs.queryKey(),
      trpc.bot.openOrders.queryKey(),
      trpc.bot.historicalPerformance.queryKey(),
      trpc.notifications.list.queryKey(),
    ];
    for (const queryKey of refetch) void queryClient.invalidateQueries({ queryKey });
  });

  return { status, market, positions, tracked, performance, logs, openOrders, config };
}

export type BotData = ReturnType<typeof useBotData>;
