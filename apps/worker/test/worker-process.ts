import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { queueNamespace } from '@tradebot/core';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
export const TEST_KEY = 'a'.repeat(64);
/** The Redis namespace the worker derives from the test database: tests' queues must match. */
export const TEST_NAMESPACE = queueNamespace({ DATABASE_URL: process.env.DATABASE_URL ?? '' });

/**
 * The worker as production runs it: a separate Node process, from its compiled output (built by
 * the integration set-up), on the test database and Redis.
 */
export interface WorkerProcess {
  child: ChildProcess;
  output: string[];
  /** Resolves with the exit code (or the signal's name) when the process ends. */
  exited: Promise<number | string>;
}

export async function startWorkerProcess(env: Record<string, string>): Promise<WorkerProcess> {
  const child = spawn('node', ['--enable-source-maps', 'apps/worker/dist/main.js'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      DATABASE_URL: process.env.DATABASE_URL ?? '',
      REDIS_URL: process.env.REDIS_URL ?? '',
      ENCRYPTION_KEY: TEST_KEY,
      // No metrics refresh at start unless a test asks for it (it would compete with theirs).
      METRICS_REFRESH_MINUTES: '0',
      ML_SCORE_AT_START: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const exited = new Promise<number | string>((done) =>
    child.once('exit', (code, signal) => done(code ?? signal ?? -1)),
  );
  const ready = new Promise<void>((done, fail) => {
    const onData = (chunk: Buffer) => {
      output.push(chunk.toString('utf8'));
      if (output.join('').includes('[worker] running queues')) done();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString('utf8')));
    void exited.then((code) => fail(new Error(`worker exited (${code}): ${output.join('')}`)));
  });
  await ready;
  return { child, output, exited };
}

/** Polls until `check` holds; fails with `what` after `timeoutMs`. */
export async function waitFor(
  check: () => Promise<boolean> | boolean,
  timeoutMs: number,
  what: string,
) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline)
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
