import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { WebSocket } from 'ws';

/**
 * The API as production runs it: a separate Node process from its compiled output (built by the
 * integration set-up), on the test database and Redis, listening on `port`.
 */
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

export interface ApiProcess {
  port: number;
  child: ChildProcess;
  output: string[];
  /** Resolves with the exit code (or the signal's name) when the process ends. */
  exited: Promise<number | string>;
}

export async function startApiProcess(
  port: number,
  env: Record<string, string> = {},
): Promise<ApiProcess> {
  const child = spawn(process.execPath, ['--enable-source-maps', 'apps/api/dist/main.js'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: process.env.DATABASE_URL ?? '',
      REDIS_URL: process.env.REDIS_URL ?? '',
      ...(process.env.REDIS_PREFIX ? { REDIS_PREFIX: process.env.REDIS_PREFIX } : {}),
      ENCRYPTION_KEY: 'a'.repeat(64),
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString('utf8')));
  const exited = new Promise<number | string>((done) =>
    child.once('exit', (code, signal) => done(code ?? signal ?? -1)),
  );
  for (let attempt = 0; attempt < 600; attempt += 1) {
    if (child.exitCode !== null)
      throw new Error(`API on ${port} exited with ${child.exitCode}: ${output.join('')}`);
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (reply) => reply.ok,
      () => false,
    );
    if (ok) return { port, child, output, exited };
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`API on ${port} did not start: ${output.join('')}`);
}

/** SIGTERM, then the exit code. */
export async function stopApiProcess(api: ApiProcess): Promise<number | string> {
  if (api.child.exitCode === null && api.child.signalCode === null) api.child.kill('SIGTERM');
  return await api.exited;
}

/** A /ws connection with a full session token; every message parsed, in order. */
export function openSocket(port: number, token: string) {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/ws?token=${token}`);
  const messages: { type: string }[] = [];
  socket.on('message', (data) =>
    messages.push(JSON.parse((data as Buffer).toString()) as { type: string }),
  );
  const opened = new Promise<void>((done, fail) => {
    socket.on('open', () => done());
    socket.on('error', fail);
  });
  const closed = new Promise<{ code: number; reason: string }>((done) =>
    socket.on('close', (code, reason) => done({ code, reason: String(reason) })),
  );
  return { socket, messages, opened, closed };
}
