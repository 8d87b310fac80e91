import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { importMarketData, type ImportProgress } from '@tradebot/core';
import { createDb, ensureDatabase, migrate } from '@tradebot/db';
import { loadEnv } from './env.js';
import { progressLine, reportLines } from './import-market-data.js';

/**
 * Loads a folder laid out like ../shared/data into the universe:
 *   npm run import-market-data -- <folder>
 * The root script passes `--base` (the directory npm was run from) so a relative folder means
 * what the operator typed. Re-running is safe: rows are upserted by their keys. Exit code 0
 * when every row loaded, 1 when some were rejected (the rest is loaded) or the import failed.
 */
const { values, positionals } = parseArgs({
  options: { base: { type: 'string' } },
  allowPositionals: true,
});
const [folderArg] = positionals;
if (!folderArg) {
  console.error('Usage: npm run import-market-data -- <folder>   (laid out like ../shared/data)');
  process.exit(1);
}
const folder = resolve(values.base || process.cwd(), folderArg);

if (existsSync('.env')) process.loadEnvFile('.env');
const env = loadEnv();
await ensureDatabase(env.DATABASE_URL);
await migrate(env.DATABASE_URL);
const db = createDb(env.DATABASE_URL, { poolSize: 2 });

// On a terminal the bar redraws in place; in a log, one line per tenth of the files.
const live = process.stdout.isTTY === true;
let lastTenth = -1;
const onProgress = (progress: ImportProgress) => {
  const tenth = Math.floor((10 * progress.filesDone) / progress.filesTotal);
  if (live) process.stdout.write(`\r${progressLine(progress)}\x1b[K`);
  else if (tenth !== lastTenth) console.log(progressLine(progress));
  lastTenth = tenth;
};

try {
  console.log(`Importing ${folder}`);
  const started = performance.now();
  const report = await importMarketData(db, folder, { onProgress });
  if (live) process.stdout.write('\n');
  for (const line of reportLines(report, (performance.now() - started) / 1000)) console.log(line);
  process.exitCode = report.rejected.length === 0 ? 0 : 1;
} catch (error) {
  if (live) process.stdout.write('\n');
  console.error(`Import failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await db.$disconnect();
  // The import talks to the pool directly; when Prisma itself never connected, $disconnect
  // leaves the pool open and its idle connections would hold the process for 10 s.
  if (!db.pool.ended) await db.pool.end();
}
