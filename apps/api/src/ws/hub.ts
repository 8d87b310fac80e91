import { userEventsChannel, ZWsClientMessage, type TWsServerMessage } from '@tradebot/api-contract';
import type { SessionService } from '@tradebot/core';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { WebSocket } from 'ws';

export const HEARTBEAT_MS = 30_000;

/** Closing code and reason when the socket's session has ended (RFC 6455 1008: policy). */
export const SESSION_ENDED = { code: 1008, reason: 'Session expired' } as const;

/**
 * /ws?token=…: one socket per browser tab. Events for a user arrive on a Redis channel of this
 * deployment's namespace from any process (worker, other API instances) and fan out to that
 * user's sockets here. The session is checked again before every event and every heartbeat:
 * a socket whose session ended (logout, password change, admin revoke, expiry) is closed.
 */
export function registerWebsocket(
  app: FastifyInstance,
  sessions: SessionService,
  subscriber: Redis,
  namespace: string,
) {
  const sockets = new Map<number, Set<WebSocket>>();
  const tokens = new WeakMap<WebSocket, string>();
  const channel = (userId: number) => userEventsChannel(namespace, userId);

  /** Sends when the socket's session is still live; closes the socket otherwise. */
  const sendIfLive = async (socket: WebSocket, payload: string) => {
    const token = tokens.get(socket);
    const session = token ? await sessions.authenticate(token, { touch: false }) : null;
    if (session?.kind !== 'full') return socket.close(SESSION_ENDED.code, SESSION_ENDED.reason);
    socket.send(payload);
  };

  subscriber.on('message', (from: string, payload: string) => {
    if (!from.startsWith(`${namespace}:`)) return;
    const userId = Number(from.split(':').at(-1));
    for (const socket of sockets.get(userId) ?? [])
      void sendIfLive(socket, payload).catch(() => undefined);
  });

  const join = async (userId: number, socket: WebSocket) => {
    let set = sockets.get(userId);
    if (!set) {
      set = new Set();
      sockets.set(userId, set);
      await subscriber.subscribe(channel(userId));
    }
    set.add(socket);
  };

  const leave = async (userId: number, socket: WebSocket) => {
    const set = sockets.get(userId);
    set?.delete(socket);
    if (set && set.size === 0) {
      sockets.delete(userId);
      await subscriber.unsubscribe(channel(userId));
    }
  };

  const send = (socket: WebSocket, message: TWsServerMessage) =>
    socket.send(JSON.stringify(message));

  // Listeners are attached before any await, so a message sent right after the handshake
  // is not lost while the token is being checked.
  app.get('/ws', { websocket: true }, (socket, request) => {
    const token = (request.query as Record<string, string | undefined>).token;
    const ready = token ? sessions.authenticate(token) : Promise.resolve(null);
    if (token) tokens.set(socket, token);
    let heartbeat: NodeJS.Timeout | undefined;
    socket.on('message', (raw: Buffer) => {
      void ready.then((session) => {
        if (!session) return;
        const parsed = parseClientMessage(raw);
        if (!parsed)
          return send(socket, { type: 'error', message: 'Invalid WebSocket message received' });
        if (parsed.type === 'ping') send(socket, { type: 'pong' });
      });
    });
    socket.on('close', () => {
      clearInterval(heartbeat);
      // During shutdown Redis may already be gone; there is nothing left to unsubscribe from.
      void ready.then((session) => session && leave(session.userId, socket)).catch(() => undefined);
    });
    void ready.then(async (session) => {
      if (!session || session.kind !== 'full')
        return socket.close(SESSION_ENDED.code, SESSION_ENDED.reason);
      await join(session.userId, socket);
      const ping = JSON.stringify({ type: 'ping' } satisfies TWsServerMessage);
      heartbeat = setInterval(
        () => void sendIfLive(socket, ping).catch(() => undefined),
        HEARTBEAT_MS,
      );
    });
  });
}

function parseClientMessage(raw: Buffer) {
  try {
    const parsed = ZWsClientMessage.safeParse(JSON.parse(raw.toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
