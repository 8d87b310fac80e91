import { redisUserEvents } from '@tradebot/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSocket, startApiProcess, stopApiProcess, type ApiProcess } from './api-process.js';
import { signUpAndLogIn, startTestApi, type TestApi } from './harness.js';

/**
 * Two real API processes (apps/api/src/main.ts) on one database and Redis, and events published
 * from a third process (this one, as the worker does): each event reaches the user's sockets on
 * both instances and no one else's. In production the two sit behind one port, a reverse proxy
 * (docs/architecture.md "Several API instances"); here each has its own port, which is what the
 * proxy sees too.
 */
const PORTS = [3483, 3484] as const;
const instances: ApiProcess[] = [];
const open = openSocket;

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
  instances.push(...(await Promise.all(PORTS.map((port) => startApiProcess(port)))));
}, 120_000);
afterAll(async () => {
  await Promise.all(instances.map(stopApiProcess));
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
