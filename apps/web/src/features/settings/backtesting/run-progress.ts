import type { TBacktestProgress } from '@tradebot/api-contract';

export type BacktestRun = TBacktestProgress['runs'][number];

/** A /ws progress event of task 'backtest': which symbol, and what it is doing. */
export interface BacktestEvent {
  symbol?: string | undefined;
  phase?: string | undefined;
  message?: string | undefined;
}

/** "2 of 3 completed", with the failures named when there are any. */
export function progressText(progress: TBacktestProgress): string {
  const failed = progress.failed > 0 ? `, ${progress.failed} failed` : '';
  return `${progress.completed} of ${progress.total} completed${failed}`;
}

/** Some run of the batch is still queued or running. */
export function isBatchActive(progress: TBacktestProgress | undefined): boolean {
  return !!progress?.runs.some((r) => r.status === 'queued' || r.status === 'running');
}

/** Every run of the batch has ended (completed or failed). */
export function isBatchDone(progress: TBacktestProgress | undefined): boolean {
  if (!progress || progress.batch_id === null || progress.total === 0) return false;
  return !isBatchActive(progress) && progress.completed + progress.failed >= progress.total;
}

/**
 * What the page does with a progress answer while it follows `followed` (null: no batch): follow
 * another batch (a running one, or none: a saved batch that is no longer the latest is dropped),
 * see the followed batch to its end ('ended'), or nothing (null).
 */
export function followStep(
  followed: number | null,
  progress: TBacktestProgress,
): { follow: number | null } | 'ended' | null {
  if (followed !== progress.batch_id) {
    const next = progress.batch_id !== null && isBatchActive(progress) ? progress.batch_id : null;
    return next === followed ? null : { follow: next };
  }
  return followed !== null && isBatchDone(progress) ? 'ended' : null;
}

function statusOf(phase: string): BacktestRun['status'] {
  if (phase === 'queued' || phase === 'completed' || phase === 'failed') return phase;
  return 'running';
}

/**
 * The progress after one /ws event: the event's symbol takes the event's phase, and the counts
 * are recounted from the runs (the server's poll answer replaces this within 2 s in any case).
 * An event about a symbol the batch does not hold yet changes nothing: the caller refetches.
 */
export function applyEvent(progress: TBacktestProgress, event: BacktestEvent): TBacktestProgress {
  const { symbol, phase } = event;
  if (!symbol || !phase || !progress.runs.some((r) => r.symbol === symbol)) return progress;
  const status = statusOf(phase);
  const runs = progress.runs.map((run) =>
    run.symbol !== symbol
      ? run
      : {
          symbol,
          status,
          phase: status === 'running' ? phase : null,
          error: status === 'failed' ? (event.message ?? run.error) : null,
        },
  );
  return {
    ...progress,
    runs,
    completed: runs.filter((r) => r.status === 'completed').length,
    failed: runs.filter((r) => r.status === 'failed').length,
    total: Math.max(progress.total, runs.length),
  };
}

/** What the table's status column says about one run. */
export function statusLabel(run: BacktestRun): string {
  switch (run.status) {
    case 'queued':
      return 'Queued';
    case 'running':
      return run.phase ? `Running: ${run.phase}` : 'Running';
    case 'completed':
      return 'Completed';
    case 'failed':
      return run.error ? `Failed: ${run.error}` : 'Failed';
  }
}
