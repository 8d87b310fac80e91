import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDatabase, migrate, pendingMigrations, readMigrations } from './migrate.js';

/**
 * Upgrades: the API and the worker both migrate at start, and several of each may start at
 * once. Each migration must run exactly once whoever gets there first.
 */
const slot = new URL(process.env.DATABASE_URL ?? '');
const scratch = new URL(slot);
scratch.pathname = `${slot.pathname}_migrate`;
const admin = new URL(slot);
admin.pathname = '/postgres';

async function onAdmin(sql: string) {
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
const name = scratch.pathname.slice(1);
beforeAll(() => onAdmin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
afterAll(() => onAdmin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));

describe('migrations from several processes at once', () => {
  it('four migrators on an empty database apply each migration once between them', async () => {
    await Promise.all([1, 2, 3, 4].map(() => ensureDatabase(scratch.toString())));
    const applied = await Promise.all([1, 2, 3, 4].map(() => migrate(scratch.toString())));
    const all = readMigrations().map((m) => m.name);
    // One of them applied everything; the others found nothing left to do.
    expect(applied.map((names) => names.length).sort((a, b) => a - b)).toEqual([
      0,
      0,
      0,
      all.length,
    ]);
    expect(applied.flat().sort()).toEqual(all);
    const pool = new pg.Pool({ connectionString: scratch.toString() });
    try {
      const rows = await pool.query<{ migration_name: string; n: string }>(
        'SELECT migration_name, count(*) AS n FROM "_prisma_migrations" GROUP BY migration_name',
      );
      expect(rows.rows).toHaveLength(all.length);
      expect(rows.rows.every((row) => row.n === '1')).toBe(true);
      expect(await pendingMigrations(pool)).toEqual([]);
    } finally {
      await pool.end();
    }
    // A restart migrates nothing.
    expect(await migrate(scratch.toString())).toEqual([]);
  });
});
