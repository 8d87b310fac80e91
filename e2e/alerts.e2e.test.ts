import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  freshCode,
  launchBrowser,
  logInThroughUi,
  screenshot,
  signUpByApi,
  sql,
} from './browser.js';

let browser: Browser;
let receiver: Server;
const received: unknown[] = [];
let hookUrl = '';

beforeAll(async () => {
  browser = await launchBrowser();
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push(JSON.parse(Buffer.concat(chunks).toString()));
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
  hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/services/T0/B0/e2e-secret`;
});
afterAll(async () => {
  receiver?.close();
  await browser?.close();
});

const PASSWORD = 'a long enough passphrase';
const text = (page: Page, testId: string) =>
  page
    .getByTestId(testId)
    .textContent({ timeout: 10_000 })
    .then((t) => t ?? '');

describe('account settings: the Alerts card', () => {
  it('saves a webhook (kept encrypted, shown only as configured) and sends a test alert to it', async () => {
    const secret = await signUpByApi('alertie', PASSWORD);
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await logInThroughUi(page, 'alertie', PASSWORD, (await freshCode(secret)).code);
    await page.waitForURL('**/account-settings', { timeout: 15_000 });
    await page.getByTestId('alerts-card').scrollIntoViewIfNeeded();
    expect(await text(page, 'alerts-webhook-state')).toBe('webhook: not configured');

    await page.getByTestId('alerts-webhook').click({ force: true });
    await page.getByTestId('alerts-webhook-url').fill(hookUrl);
    await page.getByTestId('alerts-webhook-format').click();
    await page.getByRole('option', { name: 'Slack ({ text })' }).click();
    await page.getByTestId('alerts-save').click();
    await expect.poll(() => text(page, 'alerts-result')).toBe('Alert settings saved.');
    expect(await text(page, 'alerts-webhook-state')).toBe('webhook: configured (slack)');
    expect(await page.getByTestId('alerts-webhook-url').inputValue()).toBe('');
    const stored = await sql<{ webhook_url_enc: string }>(
      "SELECT a.webhook_url_enc FROM alert_settings a JOIN users u ON u.id = a.user_id WHERE u.username = 'alertie'",
    );
    expect(stored[0]?.webhook_url_enc).toMatch(/^v2\./);
    expect(await page.content()).not.toContain('e2e-secret');

    await page.getByTestId('alerts-test-webhook').click();
    await expect
      .poll(() => text(page, 'alerts-result'))
      .toBe('Test alert sent: the webhook accepted it.');
    expect(received).toEqual([
      { text: 'Tradebot · Test alert: This is a test alert from your Tradebot account.' },
    ]);
    await page.getByTestId('alerts-card').scrollIntoViewIfNeeded();
    await screenshot(page, 'alerts-card-390-light');

    await page.getByTestId('theme-toggle').click();
    await expect
      .poll(() => page.evaluate(() => document.documentElement.dataset.mantineColorScheme))
      .toBe('dark');
    await page.getByTestId('alerts-card').scrollIntoViewIfNeeded();
    await screenshot(page, 'alerts-card-390-dark');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
    );
    expect(overflow).toBe(false);
  });
});
