import { userEventsChannel, ZWsClientMessage, type TWsServerMessage } from '@tradebot/api-contract';
import type { SessionService } from '@tradebot/core';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { WebSocket } from 'ws';

export const HEARTBEAT_MS = 30_000;

/**
 * /ws?token=…: one socket per browser tab. Events for a user arrive on a Redis channel from
 * any process (worker, other API instances) and fan out to that user's sockets here.
 */
export function registerWebsocket(
  app: FastifyInstance,
  sessions: SessionService,
  subscriber: Redis,
) {
  const sockets = new Map<number, Set<WebSocket>>();

  subscriber.on('message', (channel: string, payload: string) => {
    const userId = Number(channel.split(':').at(-1));
    for (const socket of sockets.get(userId) ?? []) socket.send(payload);
  });

  const join = async (userId: number, socket: WebSocket) => {
    let set = sockets.get(userId);
    if (!set) {
      set = new Set();
      sockets.set(userId, set);
      await subscriber.subscribe(userEventsChannel(userId));
    }
    set.add(socket);
  };

  const leave = async (userId: number, socket: WebSocket) => {
    const set = sockets.get(userId);
    set?.delete(socket);
    if (set && set.size === 0) {
      sockets.delete(userId);
      await subscriber.unsubscribe(userEventsChannel(userId));
    }
  };

  const send = (socket: WebSocket, message: TWsServerMessage) =>
    socket.send(JSON.stringify(message));

  // Listeners are attached before any await, so a message sent right after the handshake
  // is not lost while the token is being checked.
  app.get('/ws', { websocket: true }, (socket, request) => {
    const token = (request.query as Record<string, string | undefined>).token;
    const ready = token ? sessions.authenticate(token) : Promise.resolve(null);
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
      if (!session || session.kind !== 'full') return socket.close(1008, 'Session expired');
      await join(session.userId, socket);
      heartbeat = setInterval(() => send(socket, { type: 'ping' }), HEARTBEAT_MS);
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
