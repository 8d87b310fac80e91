import { server } from '@tradebot/api-contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseUrl,
  createAdminFromCli,
  freshCode,
  launchBrowser,
  logInThroughUi,
  postApi,
  screenshot,
  secretOf,
  signUpByApi,
  sql,
} from './browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const PASSWORD = 'a long enough passphrase';

async function subscription(username: string) {
  const [row] = await sql<{ plan: string; status: string }>(
    'SELECT s.plan, s.status FROM subscriptions s JOIN users u ON u.id = s.user_id WHERE u.username = $1',
    [username],
  );
  return row;
}

async function has2fa(username: string): Promise<boolean> {
  const [row] = await sql<{ enabled: boolean }>(
    'SELECT totp_secret_enc IS NOT NULL AS enabled FROM users WHERE username = $1',
    [username],
  );
  return row?.enabled ?? false;
}

const toggle2fa = (page: Page, username: string) => page.getByTestId(`toggle-2fa-${username}`);

describe('the admin dashboard in the browser', () => {
  let carlaSecret = '';
  beforeAll(async () => {
    carlaSecret = await signUpByApi('carla', PASSWORD);
    await signUpByApi('support', PASSWORD);
  });

  it('sends a signed-in non-admin away from /admin; the user asks for a plan on /subscribe', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const { code } = await freshCode(carlaSecret);
    await logInThroughUi(page, 'carla', PASSWORD, code);
    await page.waitForURL('**/account-settings', { timeout: 15_000 });
    await page.goto(`${baseUrl()}/admin`);
    await page.waitForURL((url) => !url.pathname.startsWith('/admin'), { timeout: 15_000 });
    expect(await page.getByTestId('users-table').count()).toBe(0);

    await page.goto(`${baseUrl()}/subscribe`);
    await page.getByTestId('subscribe-plan').selectOption('premium');
    await page.getByTestId('subscribe-submit').click();
    await expect
      .poll(() => page.getByTestId('subscribe-result').textContent(), { timeout: 10_000 })
      .toBe(server.subscriptionPending('premium'));
    expect(await subscription('carla')).toEqual({ plan: 'premium', status: 'pending_payment' });
    await context.close();
  });

  it("lets an admin created from the command line turn another user's 2FA off and on, and grant a plan", async () => {
    const adminSecret = secretOf(await createAdminFromCli('chief', 'chief@example.com', PASSWORD));
    const page = await browser.newPage();
    const { code } = await freshCode(adminSecret);
    await logInThroughUi(page, 'chief', PASSWORD, code);
    await page.waitForURL('**/account-settings', { timeout: 15_000 });
    await page.goto(`${baseUrl()}/admin`);

    await expect
      .poll(() => toggle2fa(page, 'carla').textContent(), { timeout: 15_000 })
      .toBe('Disable 2FA');
    expect(await has2fa('carla')).toBe(true);
    await toggle2fa(page, 'carla').click();
    await expect
      .poll(() => toggle2fa(page, 'carla').textContent(), { timeout: 10_000 })
      .toBe('Enable 2FA');
    await expect
      .poll(() =>
        page.getByTestId('user-row-carla').getByText('Disabled', { exact: true }).isVisible(),
      )
      .toBe(true);
    expect(await has2fa('carla')).toBe(false);
    // With 2FA off, the next password login asks the user to set it up again.
    const login = await postApi('/api/token', { form: { username: 'carla', password: PASSWORD } });
    expect(login.body).toMatchObject({ requires_2fa: false, needs_2fa_setup: true });

    await toggle2fa(page, 'carla').click();
    await expect
      .poll(() => toggle2fa(page, 'carla').textContent(), { timeout: 10_000 })
      .toBe('Disable 2FA');
    expect(await has2fa('carla')).toBe(true);
    const next = await postApi('/api/token', { form: { username: 'carla', password: PASSWORD } });
    expect(next.body).toMatchObject({ requires_2fa: true, needs_2fa_setup: false });

    // Payment is not configured: the admin grants the plan the user asked for.
    await page.getByTestId('grant-plan-carla').click();
    await page.getByTestId('grant-premium-carla').click();
    await expect
      .poll(() => page.getByText(server.planGranted('premium', 'carla')).isVisible(), {
        timeout: 10_000,
      })
      .toBe(true);
    expect(await subscription('carla')).toEqual({ plan: 'premium', status: 'active' });
    await screenshot(page, 'admin-users');

    // Reserved accounts are exempt: the table says so and the server refuses the change.
    expect(await toggle2fa(page, 'support').textContent()).toBe('Exempt');
    await toggle2fa(page, 'support').click();
    await expect
      .poll(() => page.getByTestId('admin-action-error').textContent(), { timeout: 10_000 })
      .toBe('2FA cannot be changed for this user.');
    expect(await has2fa('support')).toBe(true);
    await page.close();
  });
});
