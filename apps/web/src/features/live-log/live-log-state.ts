/**
 * The live log's state machine ("Live log: paused or running; status idle, active or
 * error"). Idle: paused, or no answer yet. Active: the last poll answered. Error: the last poll
 * failed; polling goes on (the next success makes it active again).
 */
export type LiveLogStatus = 'idle' | 'active' | 'error';

export interface LiveLogState {
  paused: boolean;
  status: LiveLogStatus;
  /** Polls failed in a row (the banner says "Connection lost. Retrying…" while > 0). */
  failures: number;
}

export type LiveLogEvent = 'pause' | 'resume' | 'answered' | 'failed';

export const initialLiveLog: LiveLogState = { paused: false, status: 'idle', failures: 0 };

export function liveLogReducer(state: LiveLogState, event: LiveLogEvent): LiveLogState {
  switch (event) {
    case 'pause':
      return { paused: true, status: 'idle', failures: 0 };
    case 'resume':
      return { paused: false, status: 'idle', failures: 0 };
    case 'answered':
      // An answer that arrives after Pause does not wake the log up.
      return state.paused ? state : { paused: false, status: 'active', failures: 0 };
    case 'failed':
      return state.paused ? state : { ...state, status: 'error', failures: state.failures + 1 };
  }
}

/** The status indicator's words and colour. */
export function statusView(state: LiveLogState): { label: string; color: string } {
  if (state.status === 'active') return { label: 'Active', color: 'green' };
  if (state.status === 'error') return { label: 'Error', color: 'red' };
  return { label: state.paused ? 'Idle (paused)' : 'Idle', color: 'gray' };
}
