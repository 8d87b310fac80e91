/**
 * The real API (apps/api/src/main.ts) as a child process, on its own database and Redis db, so
 * the load generator (this process) and the server are two processes as in production.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import pg from 'pg';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export interface ApiConfig {
  port: number;
  databaseUrl: string;
  redisUrl: string;
}

/** Drops and recreates the bench database; the API migrates it on start (as `npm start` does). */
export async function recreateDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await client.query(`CREATE DATABASE "${name}"`);
  await client.end();
}

/** Empties the bench's Redis db (rate-limit counters of earlier runs would refuse the sign-up). */
export async function flushRedis(url: string): Promise<void> {
  const redis = new Redis(url);
  await redis.flushdb();
  redis.disconnect();
}

const encryptionKey = randomBytes(32).toString('hex');

export class ApiProcess {
  private child: ChildProcess | null = null;
  readonly base: string;

  constructor(private readonly config: ApiConfig) {
    this.base = `http://127.0.0.1:${config.port}`;
  }

  get pid(): number {
    return this.child?.pid ?? 0;
  }

  async start(extraArgs: string[] = []): Promise<void> {
    const child = spawn(
      process.execPath,
      [...extraArgs, '--import', 'tsx', 'apps/api/src/main.ts'],
      {
        cwd: repoRoot,
        stdio: ['ignore', 'inherit', 'inherit'],
        env: {
          ...process.env,
          NODE_ENV: 'production',
          PORT: String(this.config.port),
          HOST: '127.0.0.1',
          DATABASE_URL: this.config.databaseUrl,
          REDIS_URL: this.config.redisUrl,
          ENCRYPTION_KEY: encryptionKey,
          APP_URL: this.base,
          LOG_LEVEL: 'warn',
        },
      },
    );
    this.child = child;
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`API exited with code ${child.exitCode}`);
      try {
        if ((await fetch(`${this.base}/healthz`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((done) => setTimeout(done, 200));
    }
    throw new Error('API did not answer /healthz within 60 s');
  }

  /** SIGTERM and wait: on exit its PostgreSQL backends flush their statistics. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    await exited;
    this.child = null;
    // The server-side backends end just after the client closes; give them a moment to report.
    await new Promise((done) => setTimeout(done, 500));
  }

  async json<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
    const response = await fetch(`${this.base}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return JSON.parse(text) as T;
  }
}
