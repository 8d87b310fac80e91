/**
 * Start-up of the API and the worker: from spawn to ready (the API's "Server listening", the
 * worker's "running queues") and the resident memory 2 s after, for the compiled output
 * (`node dist/main.js`, what `npm start` runs; built first by scripts/build-server.mjs) against
 * the reference in the same run, the TypeScript sources transpiled at start (`node --import tsx
 * src/main.ts`, as `npm run dev` runs them). Each variant 5 times, alternating; medians. A
 * database `tradebot_bench_start` on the local PostgreSQL (created when missing) and Redis
 * database 14 are used.
 *
 *   npx tsx bench/server-start.ts
 */
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { fmt, summary, target } from './lib/report.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = 5;
const DATABASE = 'tradebot_bench_start';
const PG = process.env.BENCH_PG_URL ?? 'postgresql://postgres@127.0.0.1:5432';
const REDIS = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/14';

const apps = {
  api: { ready: 'Server listening', env: { PORT: '3399' } },
  worker: { ready: 'running queues', env: {} },
} as const;
type App = keyof typeof apps;
const variants = {
  compiled: (app: App) => ({ cwd: resolve(root, 'apps', app), args: ['dist/main.js'] }),
  tsx: (app: App) => ({
    cwd: resolve(root, 'apps', app),
    args: ['--import', 'tsx', 'src/main.ts'],
  }),
};
type Variant = keyof typeof variants;

const rssMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

function startOnce(app: App, variant: Variant): Promise<{ ms: number; mb: number }> {
  const { cwd, args } = variants[variant](app);
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      DATABASE_URL: `${PG}/${DATABASE}`,
      REDIS_URL: REDIS,
      ENCRYPTION_KEY: 'b'.repeat(64),
      METRICS_REFRESH_MINUTES: '0',
      ML_SCORE_AT_START: '0',
      ...apps[app].env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((done, fail) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (!output.includes(apps[app].ready)) return;
      child.stdout.off('data', onData);
      const ms = performance.now() - started;
      setTimeout(() => {
        const mb = rssMb(child.pid as number);
        child.once('exit', () => done({ ms, mb }));
        child.kill('SIGTERM');
      }, 2_000);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.once('exit', (code) => {
      if (!output.includes(apps[app].ready))
        fail(new Error(`${app} (${variant}) exited with ${code}: ${output.slice(-600)}`));
    });
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

const admin = new pg.Client({ connectionString: `${PG}/postgres` });
await admin.connect();
const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
if (exists.rowCount === 0) await admin.query(`CREATE DATABASE "${DATABASE}"`);
await admin.end();
execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, stdio: 'inherit' });

for (const app of Object.keys(apps) as App[]) {
  const seen: Record<Variant, { ms: number[]; mb: number[] }> = {
    compiled: { ms: [], mb: [] },
    tsx: { ms: [], mb: [] },
  };
  await startOnce(app, 'compiled'); // migrations and caches warm
  for (let run = 0; run < RUNS; run += 1) {
    for (const variant of ['compiled', 'tsx'] as const) {
      const { ms, mb } = await startOnce(app, variant);
      seen[variant].ms.push(ms);
      seen[variant].mb.push(mb);
    }
  }
  const c = { ms: median(seen.compiled.ms), mb: median(seen.compiled.mb) };
  const t = { ms: median(seen.tsx.ms), mb: median(seen.tsx.mb) };
  console.log(
    `${app}: compiled ready in ${fmt(c.ms / 1000)} s, ${fmt(c.mb, 4)} MB resident; ` +
      `tsx ${fmt(t.ms / 1000)} s, ${fmt(t.mb, 4)} MB (start ${fmt(t.ms / c.ms)}× faster, ` +
      `memory ${fmt(t.mb / c.mb)}× less)`,
  );
  target(
    `${app} starts faster compiled`,
    c.ms < t.ms,
    `${fmt(c.ms / 1000)} s vs ${fmt(t.ms / 1000)} s`,
  );
}
summary();
