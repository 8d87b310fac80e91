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

/** At most this many tokens in one query. */
const BATCH = 1000;

/**
 * The per-event session re-check, batched: every check asked for in one turn of the event loop
 * (a burst of events from one Redis read, the sockets of a user with many tabs) goes into one
 * query, and checks of one token that overlap share it. So an event to 1,000 users costs one
 * round trip, not 1,000. Nothing is cached past the query: a logout is seen by the next event.
 */
export function sessionGate(sessions: Pick<SessionService, 'liveFullTokens'>) {
  let pending = new Map<string, Promise<boolean>>();
  let waiting: { token: string; done: (live: boolean) => void; fail: (e: unknown) => void }[] = [];

  const flush = () => {
    const batch = waiting;
    waiting = [];
    pending = new Map();
    for (let i = 0; i < batch.length; i += BATCH) {
      const slice = batch.slice(i, i + BATCH);
      sessions.liveFullTokens(slice.map((entry) => entry.token)).then(
        (live) => slice.forEach((entry) => entry.done(live.has(entry.token))),
        (error: unknown) => slice.forEach((entry) => entry.fail(error)),
      );
    }
  };

  return {
    isLive(token: string): Promise<boolean> {
      const shared = pending.get(token);
      if (shared) return shared;
      if (waiting.length === 0) setImmediate(flush);
      const check = new Promise<boolean>((done, fail) => waiting.push({ token, done, fail }));
      pending.set(token, check);
      return check;
    },
  };
}
