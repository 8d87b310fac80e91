import {
  ui,
  ZStockParameterFields,
  type TFinalTradingEntry,
  type TPortfolioBacktestStatus,
} from '@tradebot/api-contract';
import { skipToken, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { notify } from '../../../../lib/notify';
import { serverDetail, useTRPC } from '../../../../lib/trpc';
import { useUserEvents } from '../../../../lib/use-user-events';

/** The preview's status is polled this often while it runs (the fallback when /ws is silent). */
const POLL_MS = 1500;

const PARAMETER_KEYS = Object.keys(ZStockParameterFields.shape) as (keyof TFinalTradingEntry)[];

/** What a preview was run on: the list's stocks and their parameters, as one string. */
export function listSignature(entries: readonly TFinalTradingEntry[]): string {
  return JSON.stringify(entries.map((e) => [e.symbol, ...PARAMETER_KEYS.map((k) => e[k])]));
}

export interface PreviewProgress {
  completed: number;
  total: number;
  phase: string;
}

/**
 * The portfolio preview of the Final Trading List: `start` queues one, its status is polled
 * until it completes or fails, and its /ws progress events (task 'portfolio', its id) move the
 * progress bar. `current` says whether the shown preview was run on the list as it stands.
 */
export function usePortfolioPreview(entries: readonly TFinalTradingEntry[]) {
  const trpc = useTRPC();
  const [run, setRun] = useState<{ id: string; signature: string } | null>(null);
  const [progress, setProgress] = useState<PreviewProgress | null>(null);
  const begin = useMutation(trpc.portfolio.backtest.mutationOptions());
  const status = useQuery(
    trpc.portfolio.backtestResult.queryOptions(run === null ? skipToken : { id: run.id }, {
      retry: false,
      refetchInterval: (query) => (settled(query.state.data) ? false : POLL_MS),
    }),
  );
  const running = run !== null && !status.isError && !settled(status.data);

  useUserEvents(running, (message) => {
    if (message.type !== 'progress' || message.task !== 'portfolio' || message.id !== run?.id)
      return;
    setProgress({ completed: message.completed, total: message.total, phase: message.phase ?? '' });
  });

  const start = async () => {
    setProgress(null);
    try {
      const { id } = await begin.mutateAsync({});
      setRun({ id, signature: listSignature(entries) });
    } catch (error) {
      notify.error(serverDetail(error, ui.portfolioPreviewFailed));
    }
  };

  const data = status.data ?? null;
  return {
    start,
    starting: begin.isPending,
    running,
    progress,
    status: data,
    error: status.isError ? serverDetail(status.error, ui.portfolioPreviewFailed) : null,
    current: run !== null && run.signature === listSignature(entries),
  };
}

export type PortfolioPreviewState = ReturnType<typeof usePortfolioPreview>;

function settled(status: TPortfolioBacktestStatus | undefined): boolean {
  return status?.status === 'completed' || status?.status === 'failed';
}
