import type { TWsServerMessage } from '@tradebot/api-contract';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { userEvents } from './user-events-connection';

export { reconnectDelay } from './ws-state';

/**
 * The user's /ws events (progress of jobs, bot updates) while `enabled`, through the tab's one
 * shared socket (`user-events-connection.ts`). Best effort: what the events report is also
 * stored where the client polls (notifications), so a socket that never opens only costs the
 * live progress; the banner (`components/ws-banner.tsx`) says so.
 */
export function useUserEvents(enabled: boolean, onMessage: (message: TWsServerMessage) => void) {
  const handler = useRef(onMessage);
  handler.current = onMessage;

  useEffect(() => {
    if (!enabled) return;
    const off = userEvents.onMessage((message) => handler.current(message));
    const release = userEvents.want();
    return () => {
      off();
      release();
    };
  }, [enabled]);
}

/** The shared socket's state (connecting, connected, closing, disconnected, and why). */
export function useUserEventsState() {
  return useSyncExternalStore(userEvents.watch, userEvents.getSnapshot);
}
