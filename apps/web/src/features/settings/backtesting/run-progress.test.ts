import type { TBacktestProgress } from '@tradebot/api-contract';
import { describe, expect, it } from 'vitest';
import {
  applyEvent,
  followStep,
  isBatchActive,
  isBatchDone,
  progressText,
  statusLabel,
} from './run-progress';

const batch = (runs: TBacktestProgress['runs']): TBacktestProgress => ({
  batch_id: 7,
  completed: runs.filter((r) => r.status === 'completed').length,
  failed: runs.filter((r) => r.status === 'failed').length,
  total: runs.length,
  runs,
});
const run = (symbol: string, status: TBacktestProgress['runs'][number]['status']) => ({
  symbol,
  status,
  phase: null,
  error: null,
});

describe('progressText', () => {
  it('says completed of total, and the failures only when there are some', () => {
    expect(
      progressText(batch([run('A', 'completed'), run('B', 'running'), run('C', 'queued')])),
    ).toBe('1 of 3 completed');
    expect(progressText(batch([run('A', 'completed'), run('B', 'failed')]))).toBe(
      '1 of 2 completed, 1 failed',
    );
  });
});

describe('isBatchActive / isBatchDone', () => {
  it('is active while a run is queued or running, done when all ended', () => {
    const going = batch([run('A', 'completed'), run('B', 'running')]);
    expect(isBatchActive(going)).toBe(true);
    expect(isBatchDone(going)).toBe(false);
    const ended = batch([run('A', 'completed'), run('B', 'failed')]);
    expect(isBatchActive(ended)).toBe(false);
    expect(isBatchDone(ended)).toBe(true);
  });
  it('is neither for a user who never ran a batch', () => {
    const none: TBacktestProgress = { batch_id: null, completed: 0, failed: 0, total: 0, runs: [] };
    expect(isBatchActive(none)).toBe(false);
    expect(isBatchDone(none)).toBe(false);
    expect(isBatchDone(undefined)).toBe(false);
  });
});

describe('applyEvent', () => {
  const start = batch([run('AAPL', 'queued'), run('MSFT', 'queued')]);

  it('marks the symbol running with its phase', () => {
    const next = applyEvent(start, { symbol: 'AAPL', phase: 'optimizing fold 2 of 4' });
    expect(next.runs[0]).toEqual({
      symbol: 'AAPL',
      status: 'running',
      phase: 'optimizing fold 2 of 4',
      error: null,
    });
    expect(next.runs[1]).toBe(start.runs[1]);
    expect(next.completed).toBe(0);
  });

  it('recounts completed and failed, keeping the failure reason', () => {
    const one = applyEvent(start, { symbol: 'AAPL', phase: 'completed' });
    const two = applyEvent(one, { symbol: 'MSFT', phase: 'failed', message: 'Not enough bars' });
    expect(two.completed).toBe(1);
    expect(two.failed).toBe(1);
    expect(two.runs[1]?.error).toBe('Not enough bars');
    expect(isBatchDone(two)).toBe(true);
  });

  it('leaves the progress alone for an unknown symbol or an event without one', () => {
    expect(applyEvent(start, { symbol: 'NVDA', phase: 'completed' })).toBe(start);
    expect(applyEvent(start, { phase: 'completed' })).toBe(start);
  });
});

describe('statusLabel', () => {
  it('names the phase of a running job and the reason of a failed one', () => {
    expect(statusLabel({ symbol: 'A', status: 'running', phase: 'saving', error: null })).toBe(
      'Running: saving',
    );
    expect(statusLabel({ symbol: 'A', status: 'failed', phase: null, error: 'No data' })).toBe(
      'Failed: No data',
    );
    expect(statusLabel(run('A', 'queued'))).toBe('Queued');
    expect(statusLabel(run('A', 'completed'))).toBe('Completed');
  });
});

describe('followStep', () => {
  const going = batch([run('A', 'completed'), run('B', 'running')]);
  const ended = batch([run('A', 'completed'), run('B', 'failed')]);
  const none: TBacktestProgress = { batch_id: null, completed: 0, failed: 0, total: 0, runs: [] };

  it('follows a batch found running, and leaves one found ended alone', () => {
    expect(followStep(null, going)).toEqual({ follow: 7 });
    expect(followStep(null, ended)).toBeNull();
    expect(followStep(null, none)).toBeNull();
  });
  it('sees the followed batch to its end, also when it ended during a reload', () => {
    expect(followStep(7, going)).toBeNull();
    expect(followStep(7, ended)).toBe('ended');
  });
  it('drops a saved batch that is no longer the latest, or follows the running one', () => {
    expect(followStep(6, ended)).toEqual({ follow: null });
    expect(followStep(6, going)).toEqual({ follow: 7 });
    expect(followStep(6, none)).toEqual({ follow: null });
  });
});
