import { createCoreRuntime, type ServiceDeps } from '@tradebot/core';
import { createRedis } from '@tradebot/jobs';
import type { Env } from './env.js';

/** The API's connections and services: the core runtime plus a Redis subscriber for /ws. */
export async function createRuntime(env: Env, overrides: Partial<ServiceDeps> = {}) {
  const core = await createCoreRuntime(env, overrides);
  const subscriber = createRedis(env.REDIS_URL, { forWorker: true });
  return {
    ...core,
    subscriber,
    async close() {
      subscriber.disconnect();
      await core.close();
    },
  };
}

export type Runtime = Awaited<ReturnType<typeof createRuntime>>;
