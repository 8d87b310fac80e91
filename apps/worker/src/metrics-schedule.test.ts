import { describe, expect, it } from 'vitest';
import { capturedLog } from '../test/captured-log.js';
import { scheduleMetricsRefresh } from './metrics-schedule.js';

describe('scheduleMetricsRefresh', () => {
  it('logs each queued refresh as a JSON line with its universe and date', async () => {
    const schedulers: string[] = [];
    const runtime = {
      deps: {
        metricsQueue: {
          upsertJobScheduler: async (id: string) => void schedulers.push(id),
          removeJobScheduler: async () => true,
        },
      },
      services: {
        metrics: {
          // The alpaca universe has no bars: nothing queued, nothing logged.
          enqueueRefresh: async (universe: 'demo' | 'csv' | 'alpaca') =>
            universe === 'alpaca'
              ? { universe, as_of: null, enqueued: false }
              : { universe, as_of: '2026-01-02', enqueued: true },
        },
      },
    } as unknown as Parameters<typeof scheduleMetricsRefresh>[0];
    const { log, lines } = capturedLog();
    await scheduleMetricsRefresh(runtime, 15, log);
    expect(schedulers).toEqual(['metrics-demo', 'metrics-csv']);
    expect(lines).toEqual([
      expect.objectContaining({
        level: 30,
        process: 'worker',
        queue: 'metrics',
        universe: 'demo',
        as_of: '2026-01-02',
        msg: 'metrics refresh queued',
      }),
      expect.objectContaining({ universe: 'csv', as_of: '2026-01-02' }),
    ]);
  });
});
