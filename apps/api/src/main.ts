import { existsSync } from 'node:fs';
import { ensureDatabase, migrate } from '@tradebot/db';
import { buildApp, redactUrl } from './app.js';
import { registerDrain } from './drain.js';
import { loadEnv } from './env.js';
import { readinessCheck } from './readiness.js';
import { createRuntime } from './runtime.js';

if (existsSync('.env')) process.loadEnvFile('.env');
const env = loadEnv();
await ensureDatabase(env.DATABASE_URL);
await migrate(env.DATABASE_URL);

const runtime = await createRuntime(env);
await runtime.ready();
const app = await buildApp({
  services: runtime.services,
  sessions: runtime.sessions,
  subscriber: runtime.subscriber,
  namespace: runtime.namespace,
  webDist: env.WEB_DIST,
  webSourceMaps: env.WEB_SOURCE_MAPS === '1',
  readiness: readinessCheck(runtime),
  logoUrlTemplate: env.LOGO_URL_TEMPLATE,
  trustProxy: env.TRUST_PROXY?.split(',').map((entry) => entry.trim()),
  websocket: { appUrl: env.APP_URL },
  metrics: {
    token: env.METRICS_TOKEN,
    queues: { connection: runtime.redis, namespace: runtime.queueNamespace },
  },
  logger: {
    level: env.LOG_LEVEL,
    serializers: {
      req: (request: { method: string; url: string }) => ({
        method: request.method,
        url: redactUrl(request.url),
      }),
    },
  },
});

const drain = registerDrain(app);
const shutdown = async (signal: string) => {
  app.log.info({ signal }, 'shutting down: finishing requests in flight');
  if (!(await drain(env.SHUTDOWN_GRACE_MS)))
    app.log.warn(`requests still open after ${env.SHUTDOWN_GRACE_MS} ms were ended`);
  await runtime.close();
  process.exit(0);
};
process.once('SIGTERM', () => void shutdown('SIGTERM'));
process.once('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ host: env.HOST, port: env.PORT });
