import { userEventsChannel, ZWsServerMessage, type TWsServerMessage } from '@tradebot/api-contract';
import type { Redis } from 'ioredis';

/**
 * Sends a websocket event to one user's open sockets from any process (worker or API): the
 * message goes to the user's Redis channel of this deployment, and the API's `/ws` hub fans it
 * out after re-checking each socket's session. Fire-and-forget: a user with no socket open
 * simply misses it (progress is also recorded where the spec's client polls for it).
 */
export interface UserEvents {
  publish(userId: number, message: TWsServerMessage): Promise<void>;
}

export function redisUserEvents(redis: Redis, namespace: string): UserEvents {
  return {
    async publish(userId, message) {
      const parsed = ZWsServerMessage.parse(message);
      await redis.publish(userEventsChannel(namespace, userId), JSON.stringify(parsed));
    },
  };
}
