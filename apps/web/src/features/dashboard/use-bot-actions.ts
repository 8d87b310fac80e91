import { ui, type TBotStatus } from '@tradebot/api-contract';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { notify } from '../../lib/notify';
import { getToken } from '../../lib/session';
import { errorCode, serverDetail, useTRPC } from '../../lib/trpc';
import { useAuth } from '../auth/auth-context';

const success = (message: string) => notify.success(message);
/** The failure text as the title; the server's reason, when it gave one, under it. */
const failure = (title: string, caught?: unknown) => {
  const detail = caught === undefined ? '' : serverDetail(caught, '');
  notify.error(detail || title, { title: detail ? title : undefined });
};

/**
 * The dashboard's bot controls (POST /api/start, stop, restart, run-screener,
 * manual-sell; ours: kill-switch) with the product's texts. Each answer carries the new status, which
 * replaces the cached one at once; the lists are refetched.
 */
export function useBotActions() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { expire } = useAuth();

  const refresh = () =>
    Promise.all(
      (
        [
          trpc.bot.status.queryKey(),
          trpc.bot.positions.queryKey(),
          trpc.bot.openOrders.queryKey(),
          trpc.bot.trackedSymbols.queryKey(),
          trpc.bot.historicalPerformance.queryKey(),
          trpc.bot.logs.queryKey(),
          trpc.notifications.list.queryKey(),
        ] as QueryKey[]
      ).map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );

  /** Before any bot action, a missing or refused session says so and goes to /login. */
  const sessionGone = (caught?: unknown) => {
    if (getToken() && (caught === undefined || errorCode(caught) !== 'UNAUTHORIZED')) return false;
    failure(ui.botSessionExpired);
    expire();
    return true;
  };

  const run = async <T>(
    call: () => Promise<T>,
    onDone: (answer: T) => void,
    onFail: (caught: unknown) => void,
  ): Promise<boolean> => {
    if (sessionGone()) return false;
    try {
      onDone(await call());
      return true;
    } catch (caught) {
      if (!sessionGone(caught)) onFail(caught);
      return false;
    } finally {
      await refresh();
    }
  };

  const setStatus = (answer: { status: TBotStatus }) =>
    queryClient.setQueryData(trpc.bot.status.queryKey(), answer.status);

  const startM = useMutation(trpc.bot.start.mutationOptions());
  const stopM = useMutation(trpc.bot.stop.mutationOptions());
  const restartM = useMutation(trpc.bot.restart.mutationOptions());
  const killM = useMutation(trpc.bot.killSwitch.mutationOptions());
  const sellM = useMutation(trpc.bot.manualSell.mutationOptions());
  const screenM = useMutation(trpc.screener.run.mutationOptions());

  return {
    start: () =>
      run(
        () => startM.mutateAsync(),
        (answer) => {
          setStatus(answer);
          success(ui.botStartedToast);
        },
        (caught) => failure(ui.botStartFailed(serverDetail(caught, 'the server did not answer'))),
      ),
    stop: () =>
      run(
        () => stopM.mutateAsync(),
        (answer) => {
          setStatus(answer);
          success(ui.botStoppedToast);
        },
        (caught) => failure(ui.botStopFailed, caught),
      ),
    restart: () =>
      run(
        () => restartM.mutateAsync(),
        (answer) => {
          setStatus(answer);
          success(ui.botRestartedToast);
        },
        (caught) => failure(ui.botRestartFailed, caught),
      ),
    killSwitch: () =>
      run(
        () => killM.mutateAsync(),
        (answer) => {
          setStatus(answer);
          success(answer.message);
        },
        (caught) => failure(ui.killSwitchFailed(serverDetail(caught, 'the server did not answer'))),
      ),
    quickSell: (symbol: string) =>
      run(
        () => sellM.mutateAsync({ symbol }),
        () => success(ui.quickSellInitiated(symbol)),
        (caught) => failure(ui.quickSellFailed(symbol), caught),
      ),
    // The dashboard's run-screener sends no body (the user's last criteria are used).
    startScreener: () =>
      run(
        () => screenM.mutateAsync(undefined),
        () => success(ui.screenerStarted),
        (caught) => failure(ui.screenerStartFailed, caught),
      ),
    pending: {
      start: startM.isPending,
      stop: stopM.isPending,
      restart: restartM.isPending,
      killSwitch: killM.isPending,
      quickSell: sellM.isPending ? (sellM.variables?.symbol ?? null) : null,
      screener: screenM.isPending,
    },
  };
}

export type BotActions = ReturnType<typeof useBotActions>;
