import { ui } from '@tradebot/api-contract';

/**
 * The /ws connection's state machine as pure functions: states connecting,
 * connected, closing, disconnected; back-off min(1000·2^n, 30000) ms; 10 attempts; 5 s connect
 * time-out; 30 s heartbeat. `user-events-connection.ts` drives a real socket with them.
 */
export type WsStatus = 'connecting' | 'connected' | 'closing' | 'disconnected';

export const WS_LIMITS = {
  maxAttempts: 10,
  connectTimeoutMs: 5_000,
  heartbeatMs: 30_000,
} as const;

/** The shared options stop on these codes; pages override to always reconnect. */
export const STOP_CODES: readonly number[] = [1008, 1005];
export type ReconnectPolicy = 'shared' | 'always';

export const reconnectDelay = (attempt: number) => Math.min(1000 * 2 ** attempt, 30_000);

export interface WsClose {
  code: number;
  reason: string;
}

export interface WsSnapshot {
  status: WsStatus;
  /** Reconnects scheduled since the socket last opened. */
  attempt: number;
  /** The last close the client did not ask for; null once a socket opens again. */
  close: WsClose | null;
  /** When the next attempt starts (epoch ms), while one is scheduled. */
  retryAt: number | null;
  /** No more attempts: the limit was reached, or (shared policy) the close code stops them. */
  stopped: 'limit' | 'code' | null;
  /** When a socket opened again after a failure (for the 'WebSocket connected' note). */
  recoveredAt: number | null;
}

export const idle: WsSnapshot = {
  status: 'disconnected',
  attempt: 0,
  close: null,
  retryAt: null,
  stopped: null,
  recoveredAt: null,
};

export const connecting = (state: WsSnapshot): WsSnapshot => ({
  ...state,
  status: 'connecting',
  retryAt: null,
});

export const opened = (state: WsSnapshot, now: number): WsSnapshot => ({
  ...idle,
  status: 'connected',
  recoveredAt: state.close ? now : state.recoveredAt,
});

/** The client closes on purpose (nothing live wants the socket any more). */
export const closing = (state: WsSnapshot): WsSnapshot => ({ ...state, status: 'closing' });

/** The socket ended. `wanted`: something live still needs it; false after a purposeful close. */
export function closed(
  state: WsSnapshot,
  close: WsClose,
  options: { now: number; wanted: boolean; policy: ReconnectPolicy },
): WsSnapshot {
  if (!options.wanted) return idle;
  const seen = { code: close.code, reason: close.reason || ui.wsConnectionFailed };
  const base = { ...state, status: 'disconnected' as const, close: seen, retryAt: null };
  if (options.policy === 'shared' && STOP_CODES.includes(close.code))
    return { ...base, stopped: 'code' };
  if (state.attempt >= WS_LIMITS.maxAttempts) return { ...base, stopped: 'limit' };
  return {
    ...base,
    stopped: null,
    attempt: state.attempt + 1,
    retryAt: options.now + reconnectDelay(state.attempt),
  };
}

/** The Reconnect button: a fresh round of attempts, starting now. */
export const restarted = (state: WsSnapshot): WsSnapshot => ({
  ...state,
  attempt: 0,
  stopped: null,
  retryAt: null,
});

/** The banner's line, or null when there is nothing to say. */
export function bannerText(state: WsSnapshot, now: number): string | null {
  if (state.status === 'connected')
    return state.recoveredAt !== null && now - state.recoveredAt < 3_000 ? ui.wsConnected : null;
  if (!state.close) return null;
  const lost = `Live updates disconnected (code ${state.close.code}: ${state.close.reason}).`;
  if (state.stopped === 'limit') return `${lost} Gave up after ${WS_LIMITS.maxAttempts} attempts.`;
  if (state.stopped === 'code') return `${lost} Not retrying.`;
  if (state.status === 'connecting')
    return `${lost} Reconnecting (attempt ${state.attempt} of ${WS_LIMITS.maxAttempts})…`;
  if (state.retryAt === null) return lost;
  const seconds = Math.max(1, Math.ceil((state.retryAt - now) / 1000));
  // A no-break space keeps the number with its unit on a narrow screen.
  return `${lost} Retrying in ${seconds}\u00a0s…`;
}
