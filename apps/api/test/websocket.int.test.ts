import { userEventsChannel } from '@tradebot/api-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { signUpAndLogIn, startTestApi, type TestApi } from './harness.js';

let api: TestApi;
let base: string;
let token: string;
let userId: number;
beforeAll(async () => {
  api = await startTestApi();
  await api.reset();
  ({ token, userId } = await signUpAndLogIn(api, 'wsuser'));
  const address = await api.app.listen({ host: '127.0.0.1', port: 0 });
  base = address.replace('http', 'ws');
});
afterAll(async () => api.close());

function open(query: string) {
  const socket = new WebSocket(`${base}/ws${query}`);
  const messages: unknown[] = [];
  socket.on('message', (data) => messages.push(JSON.parse(String(data))));
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on('close', (code, reason) => resolve({ code, reason: String(reason) })),
  );
  const opened = new Promise<void>((resolve, reject) => {
    socket.on('open', () => resolve());
    socket.on('error', reject);
  });
  return { socket, messages, closed, opened };
}

const until = async (check: () => boolean, ms = 3000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe('/ws', () => {
  it('closes with 1008 for a missing or bad token', async () => {
    expect(await open('').closed).toMatchObject({ code: 1008, reason: 'Session expired' });
    expect(await open('?token=bogus').closed).toMatchObject({ code: 1008 });
  });

  it('answers ping with pong and rejects junk', async () => {
    const ws = open(`?token=${token}`);
    await ws.opened;
    ws.socket.send(JSON.stringify({ type: 'ping' }));
    ws.socket.send('not json');
    await until(() => ws.messages.length >= 2);
    expect(ws.messages).toEqual([
      { type: 'pong' },
      { type: 'error', message: 'Invalid WebSocket message received' },
    ]);
    ws.socket.close();
  });

  it("delivers events published for the user, and only to that user's sockets", async () => {
    const other = await signUpAndLogIn(api, 'wsother', '10.9.0.2');
    const mine = open(`?token=${token}`);
    const theirs = open(`?token=${other.token}`);
    await Promise.all([mine.opened, theirs.opened]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const event = { type: 'progress', task: 'screener', completed: 3, total: 10 };
    await api.runtime.redis.publish(userEventsChannel(userId), JSON.stringify(event));
    await until(() => mine.messages.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(mine.messages).toEqual([event]);
    expect(theirs.messages).toEqual([]);
    mine.socket.close();
    theirs.socket.close();
  });
});
