import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAlpacaBroker } from './alpaca-broker.js';

/**
 * Real sockets, no msw: a refused connection (nothing listening) never reached Alpaca, so even a
 * submit is `unavailable`, retried like a read; a connection that drops after the request was
 * sent is `unknown_outcome` for a submit and is not sent again.
 */
let dropping: Server;
let dropUrl = '';
let closedUrl = '';
let received = 0;
beforeAll(async () => {
  // A port that was just free: nothing listens there, so the connection is refused.
  const probe = createServer();
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
  closedUrl = `http://127.0.0.1:${(probe.address() as AddressInfo).port}`;
  await new Promise<void>((done) => probe.close(() => done()));
  dropping = createServer((request) => {
    received++;
    request.socket.destroy();
  });
  await new Promise<void>((done) => dropping.listen(0, '127.0.0.1', done));
  dropUrl = `http://127.0.0.1:${(dropping.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((done) => dropping.close(() => done())));

const order = {
  symbol: 'AAPL',
  qty: 1,
  side: 'buy',
  type: 'market',
  timeInForce: 'day',
  clientOrderId: 'net-1',
} as const;

function broker(url: string, waits: number[]) {
  return createAlpacaBroker({
    keyId: 'PKTESTKEY',
    secretKey: 'test-secret-value',
    env: { ALPACA_TRADING_URL: url },
    retry: { maxRetries: 2, sleep: async (ms) => void waits.push(ms) },
  });
}

describe('network failures', () => {
  it('connection refused: unavailable after the retries, for a submit too', async () => {
    const waits: number[] = [];
    await expect(broker(closedUrl, waits).submitOrder(order)).rejects.toMatchObject({
      code: 'unavailable',
    });
    expect(waits).toEqual([1000, 2000]);
  });

  it('dropped after sending: a submit is unknown_outcome, sent once; a read is retried', async () => {
    const waits: number[] = [];
    received = 0;
    await expect(broker(dropUrl, waits).submitOrder(order)).rejects.toMatchObject({
      code: 'unknown_outcome',
    });
    expect(received).toBe(1);
    expect(waits).toEqual([]);
    await expect(broker(dropUrl, waits).getAccount()).rejects.toMatchObject({
      code: 'unavailable',
    });
    expect(received).toBe(4);
    expect(waits).toEqual([1000, 2000]);
  });
});
