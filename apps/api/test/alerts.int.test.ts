import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signUpAndLogIn, startTestApi, type TestApi } from './harness.js';

/**
 * The alerts REST paths: settings read and save (secrets never returned), a webhook into the
 * private network refused when saved, and "Send test alert" to a local receiver, rate-limited.
 */
let api: TestApi;
let strictApi: TestApi;
let receiver: Server;
let hook = '';
const bodies: unknown[] = [];

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      bodies.push(JSON.parse(Buffer.concat(chunks).toString()));
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
  hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/webhooks/1/tok`;
  api = await startTestApi({ env: { ALERT_WEBHOOK_ALLOW_PRIVATE: '1' } });
  strictApi = await startTestApi({ env: { ALERT_WEBHOOK_ALLOW_PRIVATE: '0' } });
});
afterAll(async () => {
  await api.close();
  await strictApi.close();
  receiver.close();
});
beforeEach(async () => {
  await api.reset();
  bodies.length = 0;
});

describe('alerts over REST', () => {
  it('saves, reads back without secrets, and sends a Discord-shaped test; 5 tests a minute', async () => {
    const { token } = await signUpAndLogIn(api, 'alerter');
    const empty = await api.http.get('/api/alerts/settings', token);
    expect(empty.body).toMatchObject({ webhook: { configured: false, enabled: false } });
    const saved = await api.http.post(
      '/api/alerts/settings',
      { webhook: { enabled: true, url: hook, format: 'discord' } },
      token,
    );
    expect(saved.status).toBe(200);
    const read = await api.http.get('/api/alerts/settings', token);
    expect(read.body).toMatchObject({
      webhook: {
        enabled: true,
        configured: true,
        format: 'discord',
        summary: 'webhook: configured (discord)',
      },
    });
    expect(JSON.stringify(read.body)).not.toContain('/tok');
    const test = await api.http.post('/api/alerts/test', { channel: 'webhook' }, token);
    expect(test.body).toEqual({ ok: true, message: 'Test alert sent: the webhook accepted it.' });
    expect(bodies).toEqual([
      { content: 'Tradebot · Test alert: This is a test alert from your Tradebot account.' },
    ]);
    for (let i = 0; i < 4; i += 1)
      expect((await api.http.post('/api/alerts/test', { channel: 'webhook' }, token)).status).toBe(
        200,
      );
    expect((await api.http.post('/api/alerts/test', { channel: 'webhook' }, token)).status).toBe(
      429,
    );
    expect(bodies).toHaveLength(5);
    expect((await api.http.post('/api/alerts/test', { channel: 'sms' }, token)).status).toBe(400);
  });

  it('refuses a webhook on loopback or link-local when private targets are not allowed', async () => {
    await strictApi.reset();
    const { token } = await signUpAndLogIn(strictApi, 'strict');
    for (const url of [
      hook,
      'http://localhost:8080/x',
      'http://169.254.169.254/latest',
      'http://[::ffff:127.0.0.1]/',
    ]) {
      const reply = await strictApi.http.post('/api/alerts/settings', { webhook: { url } }, token);
      expect(reply.status, url).toBe(400);
      expect(JSON.stringify(reply.body)).toContain('private, loopback or link-local');
    }
    const read = await strictApi.http.get('/api/alerts/settings', token);
    expect(read.body).toMatchObject({ webhook: { configured: false } });
  });
});
