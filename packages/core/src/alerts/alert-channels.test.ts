import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AlertSendError, sendTelegram, sendWebhook, type AlertMessage } from './alert-channels.js';
import type { Resolver } from './webhook-guard.js';

const TOKEN = '123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw';
const received: { url: string; body: unknown }[] = [];
const server = setupServer(
  http.post(`https://api.telegram.org/bot${TOKEN}/sendMessage`, async ({ request }) => {
    received.push({ url: request.url, body: await request.json() });
    return HttpResponse.json({ ok: true, result: { message_id: 1 } });
  }),
  http.post('https://api.telegram.org/:bot/sendMessage', ({ params }) =>
    HttpResponse.json(
      { ok: false, error_code: 401, description: `Unauthorized for ${String(params.bot)}` },
      { status: 401 },
    ),
  ),
  http.post('https://hooks.slack.com/services/T0/B0/secretpath', async ({ request }) => {
    received.push({ url: request.url, body: await request.json() });
    return new HttpResponse('ok');
  }),
  http.post('https://discord.com/api/webhooks/1/secrettoken', async ({ request }) => {
    received.push({ url: request.url, body: await request.json() });
    return new HttpResponse(null, { status: 204 });
  }),
  http.post('https://hooks.example.com/broken/secrettoken', () =>
    HttpResponse.text('upstream /broken/secrettoken\nfailed', { status: 502 }),
  ),
);

const publicDns: Resolver = async () => [{ address: '93.184.216.34', family: 4 }];
const options = { allowPrivate: false, resolve: publicDns };
const fill: AlertMessage = { kind: 'fill', username: 'ann', text: 'Bought 10 AAPL at 150.00' };

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  received.length = 0;
});
afterAll(() => server.close());

describe('alert channels against the documented request shapes', () => {
  it('Telegram: POST /bot<token>/sendMessage with {chat_id, text}', async () => {
    await sendTelegram(TOKEN, '-1001234', fill, options);
    expect(received).toEqual([
      {
        url: `https://api.telegram.org/bot${TOKEN}/sendMessage`,
        body: { chat_id: '-1001234', text: 'Tradebot · Fill: Bought 10 AAPL at 150.00' },
      },
    ]);
  });

  it("Telegram's refusal gives its status and description, the token redacted", async () => {
    const wrong = '999:WRONGWRONGWRONGWRONGWRONG';
    const error = await sendTelegram(wrong, '1', fill, options).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AlertSendError);
    const message = (error as Error).message;
    expect(message).toMatch(/^The receiver answered 401: .*Unauthorized for bot\[redacted\]/);
    expect(message).not.toContain(wrong);
  });

  it('Slack-compatible webhooks get {text}; Discord-compatible ones {content}', async () => {
    await sendWebhook('https://hooks.slack.com/services/T0/B0/secretpath', 'slack', fill, options);
    await sendWebhook('https://discord.com/api/webhooks/1/secrettoken', 'discord', fill, options);
    expect(received.map((r) => r.body)).toEqual([
      { text: 'Tradebot · Fill: Bought 10 AAPL at 150.00' },
      { content: 'Tradebot · Fill: Bought 10 AAPL at 150.00' },
    ]);
  });

  it('plain JSON webhooks get {event, user, text, data}', async () => {
    await sendWebhook(
      'https://hooks.slack.com/services/T0/B0/secretpath',
      'json',
      {
        ...fill,
        data: { id: 7 },
      },
      options,
    );
    expect(received[0]?.body).toEqual({
      event: 'fill',
      user: 'ann',
      text: 'Bought 10 AAPL at 150.00',
      data: { id: 7 },
    });
  });

  it("a receiver's error is a status and a short single-line excerpt without the secret path", async () => {
    const error = await sendWebhook(
      'https://hooks.example.com/broken/secrettoken',
      'slack',
      fill,
      options,
    ).catch((e: unknown) => e);
    expect((error as Error).message).toBe('The receiver answered 502: upstream [redacted] failed');
  });
});
