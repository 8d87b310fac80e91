import { server } from '@tradebot/api-contract';
import type { SessionInfo, SessionService } from '@tradebot/core';

/** Closing code and reason when the socket's session has ended (RFC 6455 1008: policy). */
export const SESSION_ENDED = { code: 1008, reason: server.sessionExpired } as const;

/** Why /ws refuses a socket at the handshake, or null when its session may listen. */
export function refusal(
  token: string | undefined,
  session: SessionInfo | null,
): { code: number; reason: string } | null {
  if (!token) return { code: 1008, reason: server.notAuthenticated };
  if (!session) return SESSION_ENDED;
  if (session.kind !== 'full') return { code: 1008, reason: server.tempTokenOnly };
  return null;
}

/**
 * The per-event session re-check. Checks of one token that overlap share one query, so an
 * event for a user with many tabs (or a burst of events) costs one lookup per token, not one
 * per socket and event. Nothing is cached past the check's own round trip: a logout is seen
 * by the next event.
 */
export function sessionGate(sessions: SessionService) {
  const inFlight = new Map<string, Promise<boolean>>();
  return {
    isLive(token: string): Promise<boolean> {
      let check = inFlight.get(token);
      if (!check) {
        check = sessions
          .authenticate(token, { touch: false })
          .then((session) => session?.kind === 'full')
          .finally(() => inFlight.delete(token));
        inFlight.set(token, check);
      }
      return check;
    },
  };
}
