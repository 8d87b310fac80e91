import { spawn } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Agent, get } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * SIGTERM to the API while requests are in flight: every request already sent gets an
 * answer (none is reset), and the process exits 0 within its grace period.
 */
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const PORT = 3471;
const agent = new Agent({ keepAlive: true, maxSockets: 50 });
afterAll(() => agent.destroy());

/** One GET on the keep-alive pool: its status, or the error code if it got no answer. */
const fetchStatus = (url: string, headers: Record<string, string> = {}) =>
  new Promise<number | string>((done) => {
    get(url, { agent, headers }, (reply) => {
      reply.resume();
      reply.on('end', () => done(reply.statusCode ?? 0));
    }).on('error', (error: Error & { code?: string }) => done(error.code ?? error.message));
  });

async function startApi() {
  const child = spawn('node', ['--enable-source-maps', 'apps/api/dist/main.js'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      PORT: String(PORT),
      DATABASE_URL: process.env.DATABASE_URL ?? '',
      REDIS_URL: process.env.REDIS_URL ?? '',
      ENCRYPTION_KEY: 'a'.repeat(64),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | string>((done) =>
    child.once('exit', (code, signal) => done(code ?? signal ?? -1)),
  );
  for (let attempt = 0; attempt < 200; attempt += 1) {
    if ((await fetchStatus(`http://127.0.0.1:${PORT}/healthz`)) === 200) return { child, exited };
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error('the API did not start');
}

describe('API shutdown', () => {
  it('answers every in-flight request on SIGTERM, then exits 0', async () => {
    const api = await startApi();
    const url = `http://127.0.0.1:${PORT}/api/status`;
    const call = () => fetchStatus(url, { authorization: 'Bearer not-a-session' });
    // Warm 50 keep-alive connections, then send 200 requests and stop the API at once.
    await Promise.all(Array.from({ length: 50 }, call));
    const inFlight = Array.from({ length: 200 }, call);
    await new Promise((done) => setImmediate(done));
    api.child.kill('SIGTERM');
    const outcomes = await Promise.all(inFlight);
    const failures = outcomes.filter((outcome) => typeof outcome !== 'number');
    console.info(`drain: ${outcomes.length - failures.length} answered, ${failures.length} failed`);
    expect(failures).toEqual([]);
    expect(outcomes.every((status) => status === 401 || status === 503)).toBe(true);
    expect(await api.exited).toBe(0);
  });
});
