import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { Redis } from 'ioredis';
import type {} from 'vitest';
import type { TestProject } from 'vitest/node';
import { startFakeAlpaca } from './fake-alpaca.js';

/**
 * Browser tests run the real product: API (+ built web app) and worker as separate processes
 * on their own database and Redis db, exactly as `npm start` runs them.
 */
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const PORT = Number(process.env.E2E_PORT ?? 3100);
// Overridable so two checkouts on one machine can run their browser tests side by side.
const DATABASE = process.env.E2E_DATABASE ?? 'tradebot_e2e';
const DATABASE_URL = `postgresql://postgres@127.0.0.1:5432/${DATABASE}`;
const REDIS_URL = process.env.E2E_REDIS_URL ?? 'redis://127.0.0.1:6379/14';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    databaseUrl: string;
    chromium: string;
    /** The settings the API runs with, for command-line tools the tests call (create-admin). */
    apiEnv: Record<string, string>;
    /** The worker's standard output: without SMTP, the dev outbox prints each mail there. */
    workerLog: string;
  }
}

async function recreateDatabase() {
  const client = new pg.Client({
    connectionString: 'postgresql://postgres@127.0.0.1:5432/postgres',
  });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
  await client.query(`CREATE DATABASE ${DATABASE}`);
  await client.end();
}

function launch(app: 'api' | 'worker', env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: resolve(root, 'apps', app),
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stderr?.on('data', (chunk: Buffer) =>
    process.stderr.write(`[e2e ${app}] ${chunk.toString('utf8')}`),
  );
  return child;
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

export default async function setup(project: TestProject) {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromium))
    throw new Error(
      `Chromium not found at ${chromium}: run 'apt-get install -y chromium' or set CHROMIUM_PATH.`,
    );
  if (!existsSync(resolve(root, 'apps/web/dist/index.html')))
    throw new Error('Build the web app first: npm run build -w @tradebot/web');
  await recreateDatabase();
  const redis = new Redis(REDIS_URL);
  await redis.flushdb();
  redis.disconnect();
  const alpaca = await startFakeAlpaca();
  const env = {
    NODE_ENV: 'test',
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATABASE_URL,
    REDIS_URL,
    ENCRYPTION_KEY: 'e'.repeat(64),
    APP_URL: `http://127.0.0.1:${PORT}`,
    RESERVED_USERNAMES: 'admin,support',
    LOG_LEVEL: 'warn',
    // No browser test reaches the real Alpaca (e2e/fake-alpaca.ts).
    ALPACA_TRADING_URL: alpaca.url,
    ALPACA_DATA_URL: alpaca.url,
    // The Alerts card's test sends to a receiver on 127.0.0.1 (e2e/alerts.e2e.test.ts).
    ALERT_WEBHOOK_ALLOW_PRIVATE: '1',
  };
  const api = launch('api', env);
  const worker = launch('worker', env);
  const workerLog = resolve(root, `.data/e2e-worker-${PORT}.log`);
  mkdirSync(dirname(workerLog), { recursive: true });
  writeFileSync(workerLog, '');
  worker.stdout?.on('data', (chunk: Buffer) => appendFileSync(workerLog, chunk));
  await waitForHealth(`http://127.0.0.1:${PORT}/healthz`, api);
  project.provide('baseUrl', `http://127.0.0.1:${PORT}`);
  project.provide('databaseUrl', DATABASE_URL);
  project.provide('chromium', chromium);
  project.provide('apiEnv', env);
  project.provide('workerLog', workerLog);
  return async () => {
    for (const child of [api, worker]) child.kill('SIGTERM');
    await new Promise((done) => setTimeout(done, 500));
    alpaca.server.close();
  };
}
