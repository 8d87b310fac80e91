import { mkdtempSync, mkdirSync, rmSync, writeFileSync, cpSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MIGRATIONS_DIR, pendingMigrations } from '@tradebot/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { readinessCheck } from '../src/readiness.js';
import { startTestApi, type TestApi } from './harness.js';

/** GET /readyz: PostgreSQL, Redis and the migrations; /healthz only says the process is up. */
let api: TestApi;
let upgrade: string;
beforeAll(async () => {
  api = await startTestApi();
  // A release with one migration more than the database has applied.
  upgrade = mkdtempSync(join(tmpdir(), 'tradebot-migrations-'));
  cpSync(MIGRATIONS_DIR, upgrade, { recursive: true });
  mkdirSync(join(upgrade, '29991231000000_next_release'));
  writeFileSync(join(upgrade, '29991231000000_next_release', 'migration.sql'), 'SELECT 1;');
});
afterAll(async () => {
  await api.close();
  rmSync(upgrade, { recursive: true, force: true });
});

describe('readiness', () => {
  it('is ready when PostgreSQL and Redis answer and every migration is applied', async () => {
    // A probe right after start may find Redis still connecting (503): it is ready once it is.
    let reply = await api.http.get('/readyz');
    for (let attempt = 0; attempt < 50 && reply.status !== 200; attempt += 1) {
      await new Promise((done) => setTimeout(done, 100));
      reply = await api.http.get('/readyz');
    }
    expect(reply).toMatchObject({
      status: 200,
      body: { ready: true, database: 'ok', redis: 'ok', pending_migrations: 0 },
    });
    expect((await api.http.get('/healthz')).status).toBe(200);
  });

  it('counts the migrations a newer release has that the database lacks', async () => {
    expect(await pendingMigrations(api.runtime.db.pool, upgrade)).toEqual([
      '29991231000000_next_release',
    ]);
    expect(await pendingMigrations(api.runtime.db.pool)).toEqual([]);
  });

  it('answers 503 naming what is down, with nothing internal in it', async () => {
    const check = readinessCheck(
      {
        db: {
          pool: { query: () => Promise.reject(new Error('connect ECONNREFUSED 10.0.0.9:5432')) },
        },
        redis: { ping: () => new Promise<string>(() => undefined) },
      } as unknown as Parameters<typeof readinessCheck>[0],
      200,
    );
    const app = await buildApp({
      services: api.runtime.services,
      sessions: api.runtime.sessions,
      subscriber: api.runtime.subscriber,
      namespace: api.runtime.namespace,
      readiness: check,
    });
    try {
      const reply = await app.inject({ method: 'GET', url: '/readyz' });
      expect(reply.statusCode).toBe(503);
      expect(reply.json()).toEqual({
        ready: false,
        database: 'unreachable',
        redis: 'unreachable',
        pending_migrations: null,
      });
      expect(reply.body).not.toMatch(/ECONNREFUSED|5432/);
    } finally {
      await app.close();
    }
  });
});
