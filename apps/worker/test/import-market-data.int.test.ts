import { spawn } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { countUniverse, createDb } from '@tradebot/db';
import { resetDatabase } from '@tradebot/db/testing';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';

/** `npm run import-market-data` as an operator runs it: a separate process, killed or not. */
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const dataDir = resolve(root, '../shared/data');
const realData = existsSync(join(dataDir, 'prices-daily'));
if (!realData) console.warn(`Skipping the kill-and-resume import test: ${dataDir} is not here.`);

const db = createDb(process.env.DATABASE_URL ?? '');
const scratch = mkdtempSync(join(tmpdir(), 'tradebot-cli-'));
afterAll(async () => {
  rmSync(scratch, { recursive: true, force: true });
  await db.$disconnect();
});
beforeEach(async () => resetDatabase(db));

function runCli(folder: string, onOutput?: (text: string, kill: () => void) => void) {
  const child = spawn(
    'node',
    ['--enable-source-maps', 'apps/worker/dist/import-market-data.cli.js', folder],
    {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'test',
        DATABASE_URL: process.env.DATABASE_URL ?? '',
        ENCRYPTION_KEY: 'a'.repeat(64),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
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

describe('npm run import-market-data', () => {
  it('prints the rejected rows and exits 1 when a row was rejected', async () => {
    const folder = join(scratch, 'bad');
    mkdirSync(join(folder, 'prices-daily'), { recursive: true });
    writeFileSync(
      join(folder, 'prices-daily/AAA.csv'),
      'timestamp,open,high,low,close,adjusted_close,volume,dividend_amount,split_coefficient\n' +
        '2021-04-19,10,11,9,10,10,100,0,1\n2021-04-20,10,9,11,10,10,100,0,1\n',
    );
    const { code, output } = await runCli(folder);
    expect(output).toContain('[=============================>] 1/1 files  1 rows  1 rejected');
    expect(output).toContain('Companies: 1 new, 0 updated, 0 unchanged');
    expect(output).toContain('prices-daily/AAA.csv\t3\thigh\thigh 9 is below low 11');
    expect(code).toBe(1);
    expect(await countUniverse(db, 'csv')).toEqual({ companies: 1, bars: 1 });
  });

  it.skipIf(!realData)(
    'killed mid-import, then run again: complete, no duplicate rows',
    { timeout: 180_000 },
    async () => {
      const folder = join(scratch, 'real');
      mkdirSync(join(folder, 'prices-daily'), { recursive: true });
      const files = readdirSync(join(dataDir, 'prices-daily')).sort().slice(0, 20);
      for (const file of files)
        cpSync(join(dataDir, 'prices-daily', file), join(folder, 'prices-daily', file));

      // Killed (SIGKILL: no cleanup) once a fifth of the files are in, mid-transaction or not.
      const killed = await runCli(folder, (text, kill) =>
        text.includes(' 4/20 files') ? kill() : undefined,
      );
      expect(killed.code).toBe('SIGKILL');
      const partial = await countUniverse(db, 'csv');
      expect(partial.companies).toBeGreaterThanOrEqual(4);
      expect(partial.companies).toBeLessThan(20);

      const resumed = await runCli(folder);
      expect(resumed.code).toBe(0);
      const complete = await countUniverse(db, 'csv');
      await resetDatabase(db);
      expect((await runCli(folder)).code).toBe(0);
      expect(await countUniverse(db, 'csv')).toEqual(complete);
      expect(complete.companies).toBe(20);
    },
  );
});
