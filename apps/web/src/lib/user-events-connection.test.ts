import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UserEventsConnection } from './user-events-connection';

/** A stand-in for the browser's WebSocket: the test opens, feeds and closes it by hand. */
class FakeSocket {
  readonly OPEN = 1;
  readyState = 0;
  sent: string[] = [];
  closedWith: [number?, string?] | null = null;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number; reason: string }) => void) | null = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(data);
  }
  close(code?: number, reason?: string) {
    this.closedWith = [code, reason];
  }
  serverOpens() {
    this.readyState = 1;
    this.onopen?.();
  }
  serverSends(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  ends(code: number, reason = '') {
    this.readyState = 3;
    this.onclose?.({ code, reason });
  }
}

let sockets: FakeSocket[];
let token: string | null;
const connection = () =>
  new UserEventsConnection({
    open: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket as unknown as WebSocket;
    },
    url: () => (token ? `ws://app/ws?token=${token}` : null),
    now: () => Date.now(),
    policy: 'always',
  });

beforeEach(() => {
  vi.useFakeTimers();
  sockets = [];
  token = 't1';
});
afterEach(() => vi.useRealTimers());

describe('UserEventsConnection', () => {
  it('opens one socket for every live user and closes it when the last one leaves', () => {
    const events = connection();
    const releaseA = events.want();
    const releaseB = events.want();
    expect(sockets).toHaveLength(1);
    expect(events.getSnapshot().status).toBe('connecting');
    sockets[0]!.serverOpens();
    expect(events.getSnapshot().status).toBe('connected');
    releaseA();
    releaseA();
    expect(sockets[0]!.closedWith).toBeNull();
    releaseB();
    expect(sockets[0]!.closedWith).toEqual([1000, 'Nothing live']);
    expect(events.getSnapshot().status).toBe('closing');
    sockets[0]!.ends(1000);
    expect(events.getSnapshot().status).toBe('disconnected');
    expect(events.getSnapshot().close).toBeNull();
  });

  it('passes messages to listeners, answers the server ping with pong and sends its own every 30 s', () => {
    const events = connection();
    const got: unknown[] = [];
    events.onMessage((message) => got.push(message));
    events.want();
    const socket = sockets[0]!;
    socket.serverOpens();
    socket.serverSends({ type: 'ping' });
    socket.serverSends({ type: 'progress', task: 'screener', completed: 1, total: 2 });
    socket.onmessage?.({ data: 'junk' });
    expect(got).toEqual([{ type: 'progress', task: 'screener', completed: 1, total: 2 }]);
    expect(socket.sent).toEqual([JSON.stringify({ type: 'pong' })]);
    vi.advanceTimersByTime(30_000);
    expect(socket.sent.at(-1)).toBe(JSON.stringify({ type: 'ping' }));
  });

  it('gives up on a socket that does not open within 5 s and retries on the back-off', () => {
    const events = connection();
    events.want();
    vi.advanceTimersByTime(4_999);
    expect(sockets[0]!.closedWith).toBeNull();
    vi.advanceTimersByTime(1);
    expect(sockets[0]!.closedWith).not.toBeNull();
    sockets[0]!.ends(1006);
    expect(events.getSnapshot()).toMatchObject({
      status: 'disconnected',
      close: { code: 1006, reason: 'Connection timed out after 5 s' },
      attempt: 1,
    });
    vi.advanceTimersByTime(999);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    sockets[1]!.ends(1006);
    vi.advanceTimersByTime(1_999);
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(3);
  });

  it('stops after 10 attempts; Reconnect starts again with the current token', () => {
    const events = connection();
    events.want();
    for (let n = 0; n < 11; n++) {
      sockets.at(-1)!.ends(1008, 'Session expired');
      vi.advanceTimersByTime(30_000);
    }
    expect(sockets).toHaveLength(11);
    expect(events.getSnapshot()).toMatchObject({ stopped: 'limit', retryAt: null });
    token = 't2';
    events.reconnect();
    expect(sockets).toHaveLength(12);
    expect(sockets[11]!.url).toBe('ws://app/ws?token=t2');
    sockets[11]!.serverOpens();
    expect(events.getSnapshot()).toMatchObject({ status: 'connected', attempt: 0, close: null });
  });

  it('opens nothing while signed out, and a release during a retry cancels it', () => {
    token = null;
    const signedOut = connection();
    signedOut.want();
    expect(sockets).toHaveLength(0);
    token = 't1';
    const events = connection();
    const release = events.want();
    sockets[0]!.ends(1006);
    release();
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
    expect(events.getSnapshot().status).toBe('disconnected');
    expect(events.getSnapshot().close).toBeNull();
  });

  it('a want right after a release gets a fresh socket; the old one closing is no failure', () => {
    const events = connection();
    const release = events.want();
    sockets[0]!.serverOpens();
    release();
    events.want();
    expect(sockets).toHaveLength(2);
    sockets[0]!.ends(1000);
    expect(events.getSnapshot()).toMatchObject({ status: 'connecting', close: null });
    sockets[1]!.serverOpens();
    expect(events.getSnapshot().status).toBe('connected');
  });
});
