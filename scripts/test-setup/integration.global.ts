import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { buildServerOnce } from './build-server.js';
import { testWorkers } from './slots.js';
import { startTestRedis } from './test-redis.js';

/**
 * Integration tests use real PostgreSQL and Redis. Test files run side by side, each in a slot
 * of its own (its vitest pool id): slot N has the database `<name>_N`, copied from one database
 * migrated with the same runner `npm start` uses, and Redis database N on the run's own server
 * (integration.slot.ts points each file at them).
 */
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export default async function setup() {
  const url = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/tradebot_test';
  if (!existsSync(resolve(root, 'packages/db/src/generated/prisma/client.ts'))) {
    execFileSync('npm', ['run', 'generate', '-w', '@tradebot/db', '--silent'], {
      cwd: root,
      stdio: 'inherit',
    });
  }
  // Some files start the API or the worker as processes, from their compiled output.
  buildServerOnce();
  const name = new URL(url).pathname.slice(1);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await client.query(`CREATE DATABASE "${name}"`);
  const { migrate } = await import('../../packages/db/src/migrate.js');
  await migrate(url);
  for (let slot = 1; slot <= testWorkers(); slot += 1) {
    await client.query(`DROP DATABASE IF EXISTS "${name}_${slot}" WITH (FORCE)`);
    await client.query(`CREATE DATABASE "${name}_${slot}" TEMPLATE "${name}"`);
    // A copy would keep the template's deployment id, and with it the Redis namespace of its
    // websocket events: Redis pub/sub ignores the database number, so slots would hear each
    // other's events. Each slot is a deployment of its own.
    const copy = new URL(url);
    copy.pathname = `/${name}_${slot}`;
    const slotClient = new pg.Client({ connectionString: copy.toString() });
    await slotClient.connect();
    await slotClient.query('UPDATE "deployment" SET "id" = gen_random_uuid()');
    await slotClient.end();
  }
  await client.end();
  const redis = await startTestRedis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', 1);
  process.env.TEST_DATABASE_URL = url;
  process.env.TEST_REDIS_BASE = redis.base;
  process.env.TEST_REDIS_FIRST_DB = String(redis.firstDb);
  return () => redis.stop();
}
