import { describe, expect, it } from 'vitest';
import { initialLiveLog, liveLogReducer, statusView, type LiveLogEvent } from './live-log-state';

const run = (...events: LiveLogEvent[]) => events.reduce(liveLogReducer, initialLiveLog);

describe('the live log state', () => {
  it('starts idle and becomes active on an answer', () => {
    expect(statusView(initialLiveLog).label).toBe('Idle');
    expect(run('answered')).toEqual({ paused: false, status: 'active', failures: 0 });
  });

  it('counts failed polls and recovers on the next answer', () => {
    expect(run('answered', 'failed', 'failed')).toEqual({
      paused: false,
      status: 'error',
      failures: 2,
    });
    expect(run('failed', 'answered').status).toBe('active');
    expect(statusView(run('failed')).color).toBe('red');
  });

  it('is idle while paused, and a late answer does not wake it', () => {
    expect(run('answered', 'pause')).toEqual({ paused: true, status: 'idle', failures: 0 });
    expect(run('pause', 'answered')).toEqual({ paused: true, status: 'idle', failures: 0 });
    expect(run('pause', 'failed').status).toBe('idle');
    expect(statusView(run('pause')).label).toBe('Idle (paused)');
    expect(run('failed', 'pause', 'resume')).toEqual(initialLiveLog);
  });
});
