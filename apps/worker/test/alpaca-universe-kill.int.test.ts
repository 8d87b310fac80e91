import { spawn } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDb } from '@tradebot/db';
import { resetDatabase } from '@tradebot/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** An Alpaca universe load killed (SIGKILL, no cleanup) mid-way, then run again. */
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const db = createDb(process.env.DATABASE_URL ?? '');
beforeAll(() => resetDatabase(db));
afterAll(() => db.$disconnect());

function runLoad(onOutput?: (text: string, kill: () => void) => void) {
  const child = spawn('node', ['--import', 'tsx', 'apps/worker/test/alpaca-load-child.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', DATABASE_URL: process.env.DATABASE_URL ?? '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString('utf8');
    onOutput?.(output, () => child.kill('SIGKILL'));
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  return new Promise<{ code: number | string; output: string }>((done) =>
    child.once('exit', (code, signal) => done({ code: code ?? signal ?? -1, output })),
  );
}

const progressOf = (output: string) =>
  [...output.matchAll(/PROGRESS (\d+)\/(\d+)/g)].map((m) => [Number(m[1]), Number(m[2])]);

describe('an Alpaca universe load killed mid-way', () => {
  it('resumes where it stopped, with no duplicate rows and the progress it had', async () => {
    // 12 listings, two a batch (each batch ~4 pages): killed once 4 listings are complete.
    const killed = await runLoad((text, kill) =>
      text.includes('PROGRESS 4/12') ? kill() : undefined,
    );
    expect(killed.code).toBe('SIGKILL');
    const bars = async () =>
      (await db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM daily_bars')).rows[0]!.n;
    const partial = await bars();
    const resumed = await runLoad();
    expect(resumed.code, resumed.output).toBe(0);
    // The rerun starts from what PostgreSQL holds: at least the 4 listings done before the kill.
    const progress = progressOf(resumed.output);
    expect(progress[0]![0]).toBeGreaterThanOrEqual(4);
    expect(progress.at(-1)).toEqual([12, 12]);
    const report = JSON.parse(resumed.output.split('DONE ')[1]!);
    expect(report.symbolsLoaded).toBeLessThanOrEqual(8);
    const total = await bars();
    expect(partial).toBeGreaterThan(0);
    expect(partial).toBeLessThan(total);
    expect(total).toBe(report.bars.inserted + partial);
    const { rows } = await db.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM companies c JOIN daily_bars b ON b.company_id = c.id
       WHERE c.source = 'alpaca' GROUP BY c.id`,
    );
    // Every listing has its whole history once: the same count each, none doubled.
    expect(rows).toHaveLength(12);
    expect(new Set(rows.map((r) => r.n)).size).toBe(1);
    const dupes = await db.pool.query(
      'SELECT company_id, date FROM daily_bars GROUP BY 1, 2 HAVING count(*) > 1',
    );
    expect(dupes.rows).toEqual([]);
  }, 90_000);
});
