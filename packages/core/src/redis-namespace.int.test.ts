import { userEventsChannel } from '@tradebot/api-contract';
import { createDb, migrate, type Db } from '@tradebot/db';
import { resetDatabase } from '@tradebot/db/testing';
import { createRedis } from '@tradebot/jobs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coreEnvShape, parseEnv, queueNamespace } from './env.js';
import { deploymentNamespace } from './redis-namespace.js';
import { createCoreRuntime, type CoreRuntime } from './runtime.js';

/**
 * Two deployments on one Redis, each with its own database: the namespace of their events comes
 * from the id stored in each database, so a user event of one never reaches a subscriber of the
 * other, whatever their DATABASE_URLs read.
 */
const urlA = process.env.DATABASE_URL ?? '';
const urlB = (() => {
  const url = new URL(urlA);
  url.pathname = `${url.pathname}_second`;
  return url.toString();
})();
/** Database A under another spelling of its address (localhost for 127.0.0.1). */
const urlAOtherText = (() => {
  const url = new URL(urlA);
  url.hostname = url.hostname === 'localhost' ? '127.0.0.1' : 'localhost';
  return url.toString();
})();

async function onMaintenance(sql: string) {
  const admin = new URL(urlA);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
const nameB = decodeURIComponent(new URL(urlB).pathname.slice(1));
/** Prisma leaves the pool open when only raw pool queries ran. */
async function closeDb(db: Db | undefined) {
  await db?.$disconnect();
  if (db && !db.pool.ended) await db.pool.end();
}

const env = (databaseUrl: string) => ({
  ...parseEnv(
    coreEnvShape,
    {
      DATABASE_URL: databaseUrl,
      REDIS_URL: process.env.REDIS_URL,
      DEMO_TRADING_DAYS_PER_MINUTE: '0',
    },
    'test',
  ),
  ENCRYPTION_KEY: 'd'.repeat(64),
});

let dbA: Db;
let dbB: Db;
const runtimes: CoreRuntime[] = [];

beforeAll(async () => {
  await onMaintenance(`DROP DATABASE IF EXISTS "${nameB}" WITH (FORCE)`);
  await onMaintenance(`CREATE DATABASE "${nameB}"`);
  await migrate(urlB);
  dbA = createDb(urlA);
  dbB = createDb(urlB);
});
afterAll(async () => {
  await Promise.all(runtimes.map((runtime) => runtime.close()));
  await closeDb(dbA);
  await closeDb(dbB);
  await onMaintenance(`DROP DATABASE IF EXISTS "${nameB}"`);
});

describe('deploymentNamespace', () => {
  it('is one per database, the same however often and under whichever address it is read', async () => {
    const a = await deploymentNamespace(dbA, {});
    const b = await deploymentNamespace(dbB, {});
    expect(a).toMatch(/^tb-[0-9a-f]{16}$/);
    expect(b).toMatch(/^tb-[0-9a-f]{16}$/);
    expect(a).not.toBe(b);
    expect(await deploymentNamespace(dbA, {})).toBe(a);
    const sameDbOtherText = createDb(urlAOtherText);
    try {
      expect(await deploymentNamespace(sameDbOtherText, {})).toBe(a);
    } finally {
      await closeDb(sameDbOtherText);
    }
    // The tests' reset between files keeps the row, so running processes keep their namespace.
    await resetDatabase(dbA);
    expect(await deploymentNamespace(dbA, {})).toBe(a);
    expect(await deploymentNamespace(dbA, { REDIS_PREFIX: 'demo-eu' })).toBe('demo-eu');
  });

  it('holds the table to one row', async () => {
    await expect(dbA.pool.query('INSERT INTO "deployment" DEFAULT VALUES')).rejects.toThrow();
    await expect(
      dbA.pool.query('INSERT INTO "deployment" ("one") VALUES (false)'),
    ).rejects.toThrow();
    const { rows } = await dbA.pool.query('SELECT count(*)::int AS n FROM "deployment"');
    expect(rows[0].n).toBe(1);
  });
});

describe('two deployments on one Redis', () => {
  it("delivers a user's event to its own deployment's subscribers only", async () => {
    const runtimeA = await createCoreRuntime(env(urlA));
    runtimes.push(runtimeA);
    const runtimeB = await createCoreRuntime(env(urlB));
    runtimes.push(runtimeB);
    expect(runtimeA.namespace).toBe(await deploymentNamespace(dbA, {}));
    expect(runtimeB.namespace).toBe(await deploymentNamespace(dbB, {}));
    expect(runtimeA.queueNamespace).toBe(queueNamespace(env(urlA)));

    // User 1 of each deployment, subscribed as the API's /ws hub subscribes.
    const received = { a: [] as unknown[], b: [] as unknown[] };
    const subscriberA = createRedis(process.env.REDIS_URL ?? '', { forWorker: true });
    const subscriberB = createRedis(process.env.REDIS_URL ?? '', { forWorker: true });
    try {
      subscriberA.on('message', (_channel, text: string) => received.a.push(JSON.parse(text)));
      subscriberB.on('message', (_channel, text: string) => received.b.push(JSON.parse(text)));
      await subscriberA.subscribe(userEventsChannel(runtimeA.namespace, 1));
      await subscriberB.subscribe(userEventsChannel(runtimeB.namespace, 1));

      await runtimeA.deps.events.publish(1, { type: 'error', message: 'from A' });
      // Redis delivers in publish order: once B's own later event is in, A's would have been.
      await runtimeB.deps.events.publish(1, { type: 'error', message: 'from B' });
      const end = Date.now() + 5_000;
      while ((received.a.length < 1 || received.b.length < 1) && Date.now() < end) {
        await new Promise((done) => setTimeout(done, 20));
      }
      expect(received.a).toEqual([{ type: 'error', message: 'from A' }]);
      expect(received.b).toEqual([{ type: 'error', message: 'from B' }]);
    } finally {
      subscriberA.disconnect();
      subscriberB.disconnect();
    }
  });
});
