import { server, userEventsChannel } from '@tradebot/api-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createRedis } from '@tradebot/jobs';
import { SESSION_POLICY } from '@tradebot/core';
import { buildApp } from '../src/app.js';
import { signUpAndLogIn, startTestApi, type TestApi } from './harness.js';

/** The server's heartbeat, shortened from 30 s so the test can watch several beats. */
const HEARTBEAT_MS = 300;
let api: TestApi;
let base: string;
let token: string;
let userId: number;
beforeAll(async () => {
  api = await startTestApi({ websocket: { heartbeatMs: HEARTBEAT_MS } });
  await api.reset();
  ({ token, userId } = await signUpAndLogIn(api, 'wsuser'));
  const address = await api.app.listen({ host: '127.0.0.1', port: 0 });
  base = address.replace('http', 'ws');
});
afterAll(async () => api.close());

/** A client socket; the server's heartbeat pings are counted apart from the other messages. */
function open(query: string, options: { autoPong?: boolean } = {}) {
  const socket = new WebSocket(`${base}/ws${query}`, options);
  const messages: unknown[] = [];
  const pings: number[] = [];
  socket.on('message', (data) => {
    const message = JSON.parse((data as Buffer).toString()) as { type?: string };
    if (message.type === 'ping') pings.push(Date.now());
    else messages.push(message);
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on('close', (code, reason) => resolve({ code, reason: String(reason) })),
  );
  const opened = new Promise<void>((resolve, reject) => {
    socket.on('open', () => resolve());
    socket.on('error', reject);
  });
  return { socket, messages, pings, closed, opened };
}

const until = async (check: () => boolean, ms = 3000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

/** The upgrade's answer for a page of `origin`: 101 when the socket opened, else the HTTP status. */
function upgradeStatus(origin: string | undefined) {
  const socket = new WebSocket(`${base}/ws?token=${token}`, origin ? { origin } : {});
  return new Promise<number>((resolve) => {
    socket.on('open', () => {
      resolve(101);
      socket.close();
    });
    socket.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
    socket.on('error', () => resolve(0));
  });
}

describe('/ws from a page of another site', () => {
  it('refuses an upgrade whose Origin is neither APP_URL’s nor this host’s with 403', async () => {
    expect(await upgradeStatus('https://evil.example')).toBe(403);
    expect(await upgradeStatus('http://localhost:3001')).toBe(403);
    expect(await upgradeStatus('null')).toBe(403);
  });

  it('accepts the app’s own origin, a same-host origin and a client without Origin', async () => {
    // APP_URL's default: the address the app serves on.
    expect(
      await upgradeStatus(new URL(process.env.APP_URL ?? 'http://localhost:3000').origin),
    ).toBe(101);
    expect(await upgradeStatus(base.replace('ws', 'http'))).toBe(101);
    expect(await upgradeStatus(undefined)).toBe(101);
  });
});

describe('/ws', () => {
  it('refuses a missing, bad or temporary token with 1008 and a reason that says which', async () => {
    expect(await open('').closed).toEqual({ code: 1008, reason: server.notAuthenticated });
    expect(await open('?token=').closed).toEqual({ code: 1008, reason: server.notAuthenticated });
    expect(await open('?token=bogus').closed).toEqual({ code: 1008, reason: 'Session expired' });
    const temporary = await api.runtime.sessions.issueTemporary(userId, '2fa_setup');
    const refused = open(`?token=${temporary}`);
    expect(await refused.closed).toEqual({ code: 1008, reason: server.tempTokenOnly });
    expect(refused.messages).toEqual([]);
  });

  it('never delivers to a refused socket, even an event for its user', async () => {
    const temporary = await api.runtime.sessions.issueTemporary(userId, '2fa_setup');
    const refused = open(`?token=${temporary}`);
    await refused.opened;
    await api.runtime.redis.publish(
      userEventsChannel(api.runtime.namespace, userId),
      JSON.stringify({ type: 'progress', task: 'screener', completed: 1, total: 1 }),
    );
    await refused.closed;
    expect(refused.messages).toEqual([]);
  });

  it('sends a ping every heartbeat, answers pong, and drops a peer that stops answering', async () => {
    const ws = open(`?token=${token}`);
    await ws.opened;
    const openedAt = Date.now();
    await until(() => ws.pings.length >= 2, 5 * HEARTBEAT_MS);
    // One beat per interval: the second comes about two intervals after the socket opened.
    expect(ws.pings[1]! - openedAt).toBeGreaterThanOrEqual(2 * HEARTBEAT_MS - 50);
    ws.socket.send(JSON.stringify({ type: 'pong' }));
    // A peer that answers no protocol ping and sends nothing (a dead network path) is dropped.
    const silent = open(`?token=${token}`, { autoPong: false });
    await silent.opened;
    const closedAt = Date.now();
    const { code } = await silent.closed;
    expect(code).toBe(1006);
    expect(Date.now() - closedAt).toBeLessThan(6 * HEARTBEAT_MS);
    // The live one is still open and still beating.
    const beats = ws.pings.length;
    await until(() => ws.pings.length > beats, 3 * HEARTBEAT_MS);
    expect(ws.socket.readyState).toBe(WebSocket.OPEN);
    ws.socket.close();
  });

  it('answers ping with pong and rejects junk', async () => {
    const ws = open(`?token=${token}`);
    await ws.opened;
    ws.socket.send(JSON.stringify({ type: 'ping' }));
    ws.socket.send('not json');
    ws.socket.send(JSON.stringify({ type: 'subscribe', user: 1 }));
    await until(() => ws.messages.length >= 3);
    expect(ws.messages).toEqual([
      { type: 'pong' },
      { type: 'error', message: 'Invalid WebSocket message received' },
      { type: 'error', message: 'Invalid WebSocket message received' },
    ]);
    expect(ws.socket.readyState).toBe(WebSocket.OPEN);
    ws.socket.close();
  });

  it("delivers events published for the user, and only to that user's sockets", async () => {
    const other = await signUpAndLogIn(api, 'wsother', '10.9.0.2');
    const mine = open(`?token=${token}`);
    const theirs = open(`?token=${other.token}`);
    await Promise.all([mine.opened, theirs.opened]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const event = { type: 'progress', task: 'screener', completed: 3, total: 10 };
    await api.runtime.redis.publish(
      userEventsChannel(api.runtime.namespace, userId),
      JSON.stringify(event),
    );
    await until(() => mine.messages.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(mine.messages).toEqual([event]);
    expect(theirs.messages).toEqual([]);
    mine.socket.close();
    theirs.socket.close();
  });

  it('closes a socket with 1008 at its next event once its session has ended', async () => {
    const session = await api.runtime.sessions.issueFull(userId);
    const ws = open(`?token=${session}`);
    await ws.opened;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await api.http.post('/api/logout', undefined, session)).status).toBe(200);
    const event = { type: 'progress', task: 'screener', completed: 1, total: 2 };
    await api.runtime.redis.publish(
      userEventsChannel(api.runtime.namespace, userId),
      JSON.stringify(event),
    );
    expect(await ws.closed).toMatchObject({ code: 1008, reason: 'Session expired' });
    expect(ws.messages).toEqual([]);
  });

  it("keeps deployments that share one Redis out of each other's events", async () => {
    const subscriber = createRedis(process.env.REDIS_URL ?? '', { forWorker: true });
    const other = await buildApp({
      services: api.runtime.services,
      sessions: api.runtime.sessions,
      subscriber,
      namespace: 'another-deployment',
    });
    const otherBase = (await other.listen({ host: '127.0.0.1', port: 0 })).replace('http', 'ws');
    const here = open(`?token=${token}`);
    const there = new WebSocket(`${otherBase}/ws?token=${token}`);
    const thereMessages: unknown[] = [];
    there.on('message', (data) => thereMessages.push(JSON.parse((data as Buffer).toString())));
    await Promise.all([here.opened, new Promise((resolve) => there.on('open', resolve))]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const event = { type: 'progress', task: 'screener', completed: 5, total: 9 };
    await api.runtime.redis.publish(
      userEventsChannel(api.runtime.namespace, userId),
      JSON.stringify(event),
    );
    await until(() => here.messages.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(thereMessages).toEqual([]);
    await api.runtime.redis.publish(
      userEventsChannel('another-deployment', userId),
      JSON.stringify(event),
    );
    await until(() => thereMessages.length === 1);
    expect(here.messages).toEqual([event]);
    here.socket.close();
    there.close();
    await other.close();
    subscriber.disconnect();
  });

  // Last: it moves the clock past the idle expiry of the sessions made before.
  it('closes an idle-expired session at its next event, keeps a live one', async () => {
    const idle = await api.runtime.sessions.issueFull(userId);
    const idleSocket = open(`?token=${idle}`);
    await idleSocket.opened;
    // The handshake's session check must finish on the old time (it would count as use).
    await new Promise((resolve) => setTimeout(resolve, 100));
    api.clock.advance(SESSION_POLICY.idleMs - 1000);
    const live = await api.runtime.sessions.issueFull(userId);
    const liveSocket = open(`?token=${live}`);
    await liveSocket.opened;
    api.clock.advance(2000);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const event = { type: 'progress', task: 'backtest', completed: 2, total: 3 };
    await api.runtime.redis.publish(
      userEventsChannel(api.runtime.namespace, userId),
      JSON.stringify(event),
    );
    expect(await idleSocket.closed).toMatchObject({ code: 1008, reason: 'Session expired' });
    await until(() => liveSocket.messages.length === 1);
    expect(liveSocket.messages).toEqual([event]);
    expect(idleSocket.messages).toEqual([]);
    liveSocket.socket.close();
  });
});
