import { createDb, type Db } from '@tradebot/db';
import { createRedis, mailQueue, openQueue } from '@tradebot/jobs';
import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Env } from './env.js';
import { createCipher } from './lib/crypto.js';
import { createRateLimiter } from './lib/rate-limit.js';
import type { ServiceDeps } from './services/deps.js';
import { createServices } from './services/index.js';
import { outboxMailer } from './services/mail.service.js';

/** The API's connections and services, built once per process and closed on shutdown. */
export interface Runtime {
  db: Db;
  redis: Redis;
  subscriber: Redis;
  mailQueue: Queue;
  deps: ServiceDeps;
  services: ReturnType<typeof createServices>['services'];
  sessions: ReturnType<typeof createServices>['sessions'];
  close(): Promise<void>;
}

export function createRuntime(env: Env, overrides: Partial<ServiceDeps> = {}): Runtime {
  const db = createDb(env.DATABASE_URL);
  const redis = createRedis(env.REDIS_URL);
  const subscriber = createRedis(env.REDIS_URL, { forWorker: true });
  const queue = openQueue(mailQueue, createRedis(env.REDIS_URL, { forWorker: true }));
  const deps: ServiceDeps = {
    db,
    cipher: createCipher(env.ENCRYPTION_KEY),
    limiter: createRateLimiter(redis),
    mailer: outboxMailer(db, queue),
    now: () => new Date(),
    appUrl: env.APP_URL,
    reservedUsernames: env.RESERVED_USERNAMES,
    ...overrides,
  };
  const { services, sessions } = createServices(deps);
  return {
    db,
    redis,
    subscriber,
    mailQueue: queue,
    deps,
    services,
    sessions,
    async close() {
      await queue.close();
      subscriber.disconnect();
      redis.disconnect();
      await db.$disconnect();
    },
  };
}
