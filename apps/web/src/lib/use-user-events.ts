import { ZWsServerMessage, type TWsServerMessage } from '@tradebot/api-contract';
import { useEffect, useRef } from 'react';
import { getToken } from './session';

/** Spec §9: backoff min(1000·2^n, 30000) ms, 10 attempts, heartbeat 30 s, connect time-out 5 s. */
const MAX_ATTEMPTS = 10;
const HEARTBEAT_MS = 30_000;
const CONNECT_TIMEOUT_MS = 5_000;
export const reconnectDelay = (attempt: number) => Math.min(1000 * 2 ** attempt, 30_000);

/**
 * The user's /ws events (progress of jobs, bot updates) while `enabled`. Best effort: what the
 * events report is also stored where the client polls (notifications), so a socket that never
 * opens only costs the live progress.
 */
export function useUserEvents(enabled: boolean, onMessage: (message: TWsServerMessage) => void) {
  const handler = useRef(onMessage);
  handler.current = onMessage;

  useEffect(() => {
    if (!enabled) return;
    let socket: WebSocket | null = null;
    let attempt = 0;
    let stopped = false;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let heartbeat: ReturnType<typeof setInterval> | undefined;

    const connect = () => {
      const token = getToken();
      if (!token || stopped) return;
      const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
      const ws = new WebSocket(
        `${scheme}://${window.location.host}/ws?token=${encodeURIComponent(token)}`,
      );
      socket = ws;
      const connectTimer = setTimeout(() => ws.close(), CONNECT_TIMEOUT_MS);
      ws.onopen = () => {
        clearTimeout(connectTimer);
        attempt = 0;
        heartbeat = setInterval(() => ws.send(JSON.stringify({ type: 'ping' })), HEARTBEAT_MS);
      };
      ws.onmessage = (event) => {
        try {
          const parsed = ZWsServerMessage.safeParse(JSON.parse(String(event.data)));
          if (!parsed.success) return;
          // The server's heartbeat (spec §7 Websocket): answer it, show nothing.
          if (parsed.data.type === 'ping') ws.send(JSON.stringify({ type: 'pong' }));
          else handler.current(parsed.data);
        } catch {
          // Not JSON: nothing to show.
        }
      };
      ws.onclose = (event) => {
        clearTimeout(connectTimer);
        clearInterval(heartbeat);
        // 1008: the session ended; reconnecting with the same token cannot help.
        if (stopped || event.code === 1008 || attempt >= MAX_ATTEMPTS) return;
        retryTimer = setTimeout(connect, reconnectDelay(attempt++));
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(retryTimer);
      clearInterval(heartbeat);
      socket?.close();
    };
  }, [enabled]);
}
