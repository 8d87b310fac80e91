import { createDb } from '@tradebot/db';
import { createRedis, mailQueue, openQueue } from '@tradebot/jobs';
import type { CoreEnv } from './config.js';
import type { ServiceDeps } from './deps.js';
import { outboxMailer } from './mail/outbox-mailer.js';
import { createCipher } from './security/cipher.js';
import { createRateLimiter } from './security/rate-limit.js';
import { createServices } from './services.js';

/**
 * The connections and services of one process (API or worker), built once from its env and
 * closed on shutdown. `overrides` lets tests move the clock.
 */
export function createCoreRuntime(env: CoreEnv, overrides: Partial<ServiceDeps> = {}) {
  const db = createDb(env.DATABASE_URL, { poolSize: env.DATABASE_POOL_SIZE });
  const redis = createRedis(env.REDIS_URL);
  const queueConnection = createRedis(env.REDIS_URL, { forWorker: true });
  const mail = openQueue(mailQueue, queueConnection);
  const deps: ServiceDeps = {
    db,
    cipher: createCipher(env.ENCRYPTION_KEY),
    limiter: createRateLimiter(redis),
    mailer: outboxMailer(db, mail),
    smtp: { ...(env.SMTP_URL ? { url: env.SMTP_URL } : {}), from: env.MAIL_FROM },
    now: () => new Date(),
    appUrl: env.APP_URL,
    reservedUsernames: env.RESERVED_USERNAMES,
    ...overrides,
  };
  const { services, sessions } = createServices(deps);
  return {
    db,
    redis,
    mailQueue: mail,
    deps,
    services,
    sessions,
    async close() {
      await mail.close();
      queueConnection.disconnect();
      redis.disconnect();
      await db.$disconnect();
    },
  };
}

export type CoreRuntime = ReturnType<typeof createCoreRuntime>;
