import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { redisUserEvents } from '@tradebot/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { signUpAndLogIn, startTestApi, type TestApi } from './harness.js';

/**
 * Two real API processes (apps/api/src/main.ts) on one database and Redis, and events published
 * from a third process (this one, as the worker does): each event reaches the user's sockets on
 * both instances and no one else's. In production the two sit behind one port, a reverse proxy
 * (docs/architecture.md "Several API instances"); here each has its own port, which is what the
 * proxy sees too.
 */
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const PORTS = [3483, 3484] as const;
const children: ChildProcess[] = [];

async function startInstance(port: number) {
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
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  children.push(child);
  for (let attempt = 0; attempt < 300; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`API on ${port} exited with ${child.exitCode}`);
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (reply) => reply.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`API on ${port} did not start`);
}

function open(port: number, token: string) {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/ws?token=${token}`);
  const messages: unknown[] = [];
  socket.on('message', (data) => messages.push(JSON.parse((data as Buffer).toString())));
  const closed = new Promise<{ code: number; reason: string }>((done) =>
    socket.on('close', (code, reason) => done({ code, reason: String(reason) })),
  );
  const opened = new Promise<void>((done, fail) => {
    socket.on('open', () => done());
    socket.on('error', fail);
  });
  return { socket, messages, closed, opened };
}

const until = async (check: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((done) => setTimeout(done, 20));
  }
};
const settle = () => new Promise((done) => setTimeout(done, 300));

let api: TestApi;
let alice: { userId: number; token: string };
let bob: { userId: number; token: string };
beforeAll(async () => {
  api = await startTestApi();
  await api.reset();
  const a = await signUpAndLogIn(api, 'wsmultia', '10.8.0.1');
  const b = await signUpAndLogIn(api, 'wsmultib', '10.8.0.2');
  // The instances run on the real clock: their sessions are issued on it too.
  api.clock.ms = Date.now();
  alice = { userId: a.userId, token: await api.runtime.sessions.issueFull(a.userId) };
  bob = { userId: b.userId, token: await api.runtime.sessions.issueFull(b.userId) };
  await Promise.all(PORTS.map(startInstance));
}, 120_000);
afterAll(async () => {
  await Promise.all(
    children.map(
      (child) =>
        new Promise((done) => {
          if (child.exitCode !== null) return done(null);
          child.once('exit', done);
          child.kill('SIGTERM');
        }),
    ),
  );
  await api.close();
});

describe('/ws on two API processes', () => {
  it("delivers a third process's event to the user's sockets on both, and to no one else", async () => {
    const events = redisUserEvents(api.runtime.redis, api.runtime.namespace);
    const aliceOn = PORTS.map((port) => open(port, alice.token));
    const bobOn = open(PORTS[1], bob.token);
    await Promise.all([...aliceOn, bobOn].map((ws) => ws.opened));
    await settle();

    const forAlice = { type: 'progress', task: 'backtest', completed: 1, total: 4 } as const;
    await events.publish(alice.userId, forAlice);
    await until(() => aliceOn.every((ws) => ws.messages.length === 1));
    const forBob = { type: 'update', data: { status: 'running' } } as const;
    await events.publish(bob.userId, forBob);
    await until(() => bobOn.messages.length === 1);
    await settle();

    expect(aliceOn.map((ws) => ws.messages)).toEqual([[forAlice], [forAlice]]);
    expect(bobOn.messages).toEqual([forBob]);
    for (const ws of [...aliceOn, bobOn]) ws.socket.close();
  });

  it('a logout through one instance ends the socket on the other at its next event', async () => {
    const session = await api.runtime.sessions.issueFull(alice.userId);
    const ws = open(PORTS[1], session);
    await ws.opened;
    await settle();
    const logout = await fetch(`http://127.0.0.1:${PORTS[0]}/api/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${session}` },
    });
    expect(logout.status).toBe(200);
    const events = redisUserEvents(api.runtime.redis, api.runtime.namespace);
    await events.publish(alice.userId, {
      type: 'progress',
      task: 'screener',
      completed: 1,
      total: 2,
    });
    expect(await ws.closed).toEqual({ code: 1008, reason: 'Session expired' });
    expect(ws.messages).toEqual([]);
  });
});
