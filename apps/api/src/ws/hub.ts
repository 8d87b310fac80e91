import {
  server,
  userEventsChannel,
  ZWsClientMessage,
  type TWsServerMessage,
} from '@tradebot/api-contract';
import type { SessionService } from '@tradebot/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { WebSocket } from 'ws';
import { originAllowed } from './origin.js';
import { refusal, sessionGate, SESSION_ENDED } from './session-gate.js';

export { SESSION_ENDED } from './session-gate.js';

export const HEARTBEAT_MS = 30_000;

export interface WebsocketOptions {
  /** The server's heartbeat (30 s); tests shorten it. */
  heartbeatMs?: number;
  /** APP_URL: its origin may open /ws (besides same-host origins and clients without one). */
  appUrl?: string;
}

/**
 * /ws?token=…: one socket per browser tab. Events for a user arrive on a Redis channel of this
 * deployment's namespace from any process (worker, other API instances) and fan out to that
 * user's sockets here. The session is checked again before every event and every heartbeat:
 * a socket whose session ended (logout, password change, admin revoke, expiry) is closed.
 *
 * An upgrade from a page of another site (its Origin neither APP_URL's nor this host's) is
 * answered 403 before any handshake; a client without an Origin header (a script) is let in.
 * Refusals of the token close right after the handshake (a browser cannot read an HTTP status of a failed
 * upgrade): 1008 with 'Not authenticated' (no token), 'Session expired' (unknown or ended
 * token) or the temporary-token text; 1011 when the session could not be checked at all.
 * Heartbeat: every interval a JSON `ping` (the client answers `pong`) and a protocol ping; a
 * socket that sent nothing and answered no protocol ping for a whole interval is dropped.
 */
export function registerWebsocket(
  app: FastifyInstance,
  sessions: SessionService,
  subscriber: Redis,
  namespace: string,
  options: WebsocketOptions = {},
): { connections: () => number } {
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  const sockets = new Map<number, Set<WebSocket>>();
  const tokens = new WeakMap<WebSocket, string>();
  const gate = sessionGate(sessions);
  const channel = (userId: number) => userEventsChannel(namespace, userId);

  /** Sends when the socket's session is still live; closes the socket otherwise. */
  const sendIfLive = async (socket: WebSocket, payload: string | Buffer) => {
    const token = tokens.get(socket);
    const live = token ? await gate.isLive(token) : false;
    if (!live) return socket.close(SESSION_ENDED.code, SESSION_ENDED.reason);
    socket.send(payload, { binary: false });
  };

  subscriber.on('message', (from: string, payload: string) => {
    if (!from.startsWith(`${namespace}:`)) return;
    const userId = Number(from.split(':').at(-1));
    const targets = sockets.get(userId);
    if (!targets) return;
    // Encoded once for all of the user's sockets, sent as a text frame.
    const frame = Buffer.from(payload);
    for (const socket of targets) void sendIfLive(socket, frame).catch(() => undefined);
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
  const preValidation = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!originAllowed(request.headers.origin, request.headers.host, options.appUrl))
      return reply.status(403).send({ detail: server.wsOriginRefused });
  };

  app.get('/ws', { websocket: true, preValidation }, (socket, request) => {
    const token = (request.query as Record<string, string | undefined>).token;
    // A failed check (database down) closes with 1011 below; the socket never joins.
    const ready = token
      ? sessions.authenticate(token).catch(() => 'error' as const)
      : Promise.resolve(null);
    if (token) tokens.set(socket, token);
    let heartbeat: NodeJS.Timeout | undefined;
    let heard = true;
    socket.on('pong', () => (heard = true));
    socket.on('message', (raw: Buffer) => {
      heard = true;
      void ready.then((session) => {
        if (!session || session === 'error' || session.kind !== 'full') return;
        const parsed = parseClientMessage(raw);
        if (!parsed)
          return send(socket, { type: 'error', message: 'Invalid WebSocket message received' });
        if (parsed.type === 'ping') send(socket, { type: 'pong' });
      });
    });
    socket.on('close', () => {
      clearInterval(heartbeat);
      // During shutdown Redis may already be gone; there is nothing left to unsubscribe from.
      void ready
        .then((session) => {
          if (session && session !== 'error') return leave(session.userId, socket);
        })
        .catch(() => undefined);
    });
    void ready.then(async (session) => {
      if (session === 'error') return socket.close(1011, server.wsServerError);
      const refused = refusal(token, session);
      if (refused || !session) return socket.close(refused?.code, refused?.reason);
      if (socket.readyState !== socket.OPEN) return;
      await join(session.userId, socket).catch(() => socket.close(1011, server.wsServerError));
      const ping = JSON.stringify({ type: 'ping' } satisfies TWsServerMessage);
      heartbeat = setInterval(() => {
        if (!heard) return socket.terminate();
        heard = false;
        socket.ping();
        void sendIfLive(socket, ping).catch(() => undefined);
      }, heartbeatMs);
    });
  });
  // Sockets that joined their user's channel: authenticated and open.
  return { connections: () => [...sockets.values()].reduce((n, set) => n + set.size, 0) };
}

function parseClientMessage(raw: Buffer) {
  try {
    const parsed = ZWsClientMessage.safeParse(JSON.parse(raw.toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
