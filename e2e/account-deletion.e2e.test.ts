import { server } from '@tradebot/api-contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseUrl,
  freshCode,
  launchBrowser,
  logInThroughUi,
  postApi,
  screenshot,
  signUpByApi,
  sql,
} from './browser.js';

/**
 * "Delete account" in account settings, in the browser: the dialog asks for the typed username,
 * the password and the 2FA code; a wrong answer deletes nothing; the right ones erase the user
 * and sign the browser out with the server's message.
 */
const PASSWORD = 'a long enough passphrase';
let browser: Browser;
let context: BrowserContext;
let page: Page;
let secret = '';
let userId = 0;
let lastStep = 0;

beforeAll(async () => {
  browser = await launchBrowser();
  secret = await signUpByApi('leaver', PASSWORD);
  context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  page = await context.newPage();
  const first = await freshCode(secret);
  lastStep = first.step;
  await logInThroughUi(page, 'leaver', PASSWORD, first.code);
  await page.waitForURL('**/account-settings', { timeout: 15_000 });
  const token = await page.evaluate(() => localStorage.getItem('authToken') ?? '');
  expect((await postApi('/api/use-demo-market', { token })).status).toBe(200);
  const rows = await sql<{ id: number }>('SELECT id FROM users WHERE username = $1', ['leaver']);
  userId = rows[0]!.id;
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

const field = (id: string) => page.getByTestId(`delete-account-${id}`);
const rowsOfLeaver = async () =>
  Number(
    (
      await sql<{ n: string }>(
        `SELECT (SELECT count(*) FROM users WHERE id = $1)
              + (SELECT count(*) FROM sessions WHERE user_id = $1)
              + (SELECT count(*) FROM subscriptions WHERE user_id = $1)
              + (SELECT count(*) FROM mail_outbox WHERE "to" = 'leaver@example.com') AS n`,
        [userId],
      )
    )[0]!.n,
  );

describe('deleting one’s own account', () => {
  it('asks for the typed username first, and deletes nothing on a wrong code', async () => {
    await page.goto(`${baseUrl()}/account-settings`);
    await field('open').click();
    await field('username').waitFor();
    expect(await page.getByTestId('delete-account-positions').textContent()).toContain(
      'demo-market account',
    );
    const confirm = field('confirm');
    expect(await confirm.isDisabled()).toBe(true);
    await field('username').fill('leave');
    expect(await confirm.isDisabled()).toBe(true);
    await field('username').fill('leaver');
    expect(await confirm.isDisabled()).toBe(false);
    await field('password').fill(PASSWORD);
    await field('code').fill('000000');
    const before = await rowsOfLeaver();
    expect(before).toBeGreaterThanOrEqual(3);
    await confirm.click();
    await expect
      .poll(() => field('result').textContent(), { timeout: 10_000 })
      .toBe(server.deleteAccountWrongCode);
    expect(await rowsOfLeaver()).toBe(before);
    await screenshot(page, 'phone-delete-account-refused', { fullPage: false });
  });

  it('erases the account with the right code and signs out with the server’s message', async () => {
    const { code } = await freshCode(secret, lastStep);
    await field('code').fill(code);
    await field('confirm').click();
    await page.waitForURL('**/login', { timeout: 15_000 });
    expect(await page.getByTestId('login-notice').textContent()).toBe(
      server.accountDeleted(false, 0),
    );
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
    expect(await rowsOfLeaver()).toBe(0);
    await screenshot(page, 'phone-delete-account-done', { fullPage: false });
  });
});
