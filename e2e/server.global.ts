import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { Redis } from 'ioredis';
import type {} from 'vitest';
import type { TestProject } from 'vitest/node';
import { buildServerOnce } from '../scripts/test-setup/build-server.js';
import { e2eDeployments } from '../scripts/test-setup/slots.js';
import { startTestRedis } from '../scripts/test-setup/test-redis.js';
import { startFakeAlpaca } from './fake-alpaca.js';

/**
 * Browser tests run the real product: API (+ built web app) and worker as separate processes
 * from their compiled output, on their own database and Redis db, exactly as `npm start` runs them. Several such
 * deployments run side by side (`E2E_DEPLOYMENTS`, default one per test worker), each with its own database,
 * Redis database, port and fake Alpaca; a test file holds one for its whole run (slot.setup.ts).
 */
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const FIRST_PORT = Number(process.env.E2E_PORT ?? 3100);
// Overridable so two checkouts on one machine can run their browser tests side by side.
const DATABASE = process.env.E2E_DATABASE ?? 'tradebot_e2e';

/** One running copy of the product a browser test file can use. */
export interface Deployment {
  baseUrl: string;
  databaseUrl: string;
  /** The settings the API runs with, for command-line tools the tests call (create-admin). */
  apiEnv: Record<string, string>;
  /** The worker's standard output: without SMTP, the dev outbox prints each mail there. */
  workerLog: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    deployments: Deployment[];
    chromium: string;
  }
}

async function recreateDatabase(name: string) {
  const client = new pg.Client({
    connectionString: 'postgresql://postgres@127.0.0.1:5432/postgres',
  });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await client.query(`CREATE DATABASE "${name}"`);
  await client.end();
}

function launch(app: 'api' | 'worker', env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(process.execPath, ['--enable-source-maps', 'dist/main.js'], {
    cwd: resolve(root, 'apps', app),
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stderr?.on('data', (chunk: Buffer) =>
    process.stderr.write(`[e2e ${app}] ${chunk.toString('utf8')}`),
  );
  return child;
}

/** SIGTERM, then SIGKILL if it has not drained in 10 s: the run's Redis stops after it. */
function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(force);
      done();
    });
    child.kill('SIGTERM');
  });
}

async function waitForHealth(url: string, child: ChildProcess) {
  for (let attempt = 0; attempt < 120; attempt += 1) {
    if (child.exitCode !== null)
      throw new Error(`The API exited early with code ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(`The API did not answer at ${url}`);
}

async function startDeployment(index: number, redisUrl: string) {
  const port = FIRST_PORT + index;
  const database = index === 0 ? DATABASE : `${DATABASE}_${index + 1}`;
  const databaseUrl = `postgresql://postgres@127.0.0.1:5432/${database}`;
  await recreateDatabase(database);
  const alpaca = await startFakeAlpaca();
  const apiEnv = {
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    ENCRYPTION_KEY: 'e'.repeat(64),
    APP_URL: `http://127.0.0.1:${port}`,
    RESERVED_USERNAMES: 'admin,support',
    LOG_LEVEL: 'warn',
    // No browser test reaches the real Alpaca (e2e/fake-alpaca.ts).
    ALPACA_TRADING_URL: alpaca.url,
    ALPACA_DATA_URL: alpaca.url,
    // The Alerts card's test sends to a receiver on 127.0.0.1 (e2e/alerts.e2e.test.ts).
    ALERT_WEBHOOK_ALLOW_PRIVATE: '1',
    // No ML score training at the worker's start (about 15 CPU s a deployment): no browser test
    // reads a score, and the screener's sort by it works on blanks too.
    ML_SCORE_AT_START: '0',
  };
  const api = launch('api', apiEnv);
  const worker = launch('worker', apiEnv);
  const workerLog = resolve(root, `.data/e2e-worker-${port}.log`);
  mkdirSync(dirname(workerLog), { recursive: true });
  writeFileSync(workerLog, '');
  worker.stdout?.on('data', (chunk: Buffer) => appendFileSync(workerLog, chunk));
  await waitForHealth(`http://127.0.0.1:${port}/healthz`, api);
  const deployment: Deployment = {
    baseUrl: `http://127.0.0.1:${port}`,
    databaseUrl,
    apiEnv,
    workerLog,
  };
  const stop = async () => {
    await Promise.all([api, worker].map(stopChild));
    alpaca.server.close();
  };
  return { deployment, stop };
}

export default async function setup(project: TestProject) {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
  if (!existsSync(chromium))
    throw new Error(
      `Chromium not found at ${chromium}: run 'apt-get install -y chromium-headless-shell' or set CHROMIUM_PATH.`,
    );
  if (!existsSync(resolve(root, 'apps/web/dist/index.html')))
    throw new Error('Build the web app first: npm run build -w @tradebot/web');
  buildServerOnce();
  const redis = await startTestRedis(process.env.E2E_REDIS_URL ?? 'redis://127.0.0.1:6379', 9);
  const started = await Promise.all(
    Array.from({ length: e2eDeployments() }, async (_, index) => {
      const redisUrl = `${redis.base}/${redis.firstDb + index}`;
      const flush = new Redis(redisUrl);
      await flush.flushdb();
      flush.disconnect();
      return startDeployment(index, redisUrl);
    }),
  );
  project.provide(
    'deployments',
    started.map((one) => one.deployment),
  );
  project.provide('chromium', chromium);
  return async () => {
    await Promise.all(started.map((one) => one.stop()));
    await redis.stop();
  };
}
