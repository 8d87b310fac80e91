import { server, ui } from '@tradebot/api-contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseUrl,
  chooseDemoMarket,
  createAdminFromCli,
  fillLogin,
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

async function userCount(username: string): Promise<number> {
  const rows = await sql<{ id: number }>('SELECT id FROM users WHERE username = $1', [username]);
  return rows.length;
}

const toggle2fa = (page: Page, username: string) => page.getByTestId(`toggle-2fa-${username}`);

describe('the admin dashboard in the browser', () => {
  let carlaSecret = '';
  let daveSecret = '';
  let chiefSecret = '';
  /** The admin's last used TOTP step: each step logs in once. */
  let chiefStep = 0;
  /** The admin's session, kept from the dashboard test for the System tab's. */
  let chiefToken = '';
  beforeAll(async () => {
    carlaSecret = await signUpByApi('carla', PASSWORD);
    daveSecret = await signUpByApi('dave', PASSWORD);
    await signUpByApi('support', PASSWORD);
    await signUpByApi('erin', PASSWORD);
    chiefSecret = secretOf(await createAdminFromCli('chief', 'chief@example.com', PASSWORD));
  });

  it('sends a signed-in non-admin home from /admin, still signed in, and never back to /admin', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const first = await freshCode(daveSecret);
    await logInThroughUi(page, 'dave', PASSWORD, first.code);
    await page.waitForURL('**/account-settings', { timeout: 15_000 });
    await chooseDemoMarket(page);
    await page.goto(`${baseUrl()}/admin`);
    // A 403 is not the end of the session: home (the dashboard), still signed in.
    await page.waitForURL('**/dashboard', { timeout: 15_000 });
    // The notice names the reason (the server's 403 text).
    await page.getByText(server.forbidden).first().waitFor();
    const token = await page.evaluate(() => localStorage.getItem('authToken') ?? '');
    const status = await fetch(`${baseUrl()}/api/status`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(status.status).toBe(200);
    await expect.poll(() => page.getByTestId('users-table').count(), { timeout: 10_000 }).toBe(0);

    // Logging out and in again does not lead back to /admin.
    await page.getByTestId('logout').first().click();
    await page.waitForURL('**/login', { timeout: 15_000 });
    await fillLogin(page, 'dave', PASSWORD, (await freshCode(daveSecret, first.step)).code);
    await page.waitForURL('**/dashboard', { timeout: 15_000 });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    await context.close();
  });

  it('remembers /admin for a signed-out visitor, so the admin who logs in lands there', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/admin`);
    await page.waitForURL('**/login', { timeout: 15_000 });
    const admin = await freshCode(chiefSecret);
    chiefStep = admin.step;
    await fillLogin(page, 'chief', PASSWORD, admin.code);
    // Not onboarded (no broker keys), yet back where the login began.
    await page.waitForURL('**/admin', { timeout: 15_000 });
    await expect
      .poll(() => page.getByTestId('users-table').isVisible(), { timeout: 15_000 })
      .toBe(true);
    await context.close();
  });

  it('shows a requested but unpaid plan as pending payment, with the server message in an alert', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const { code } = await freshCode(carlaSecret, (await freshCode(carlaSecret)).step);
    await logInThroughUi(page, 'carla', PASSWORD, code);
    await page.waitForURL('**/account-settings', { timeout: 15_000 });
    await page.goto(`${baseUrl()}/subscribe`);
    await page.getByTestId('subscribe-plan').selectOption('premium');
    await page.getByTestId('subscribe-submit').click();
    await expect
      .poll(
        () =>
          page
            .getByRole('alert')
            .filter({ hasText: server.subscriptionPending('premium') })
            .isVisible(),
        { timeout: 10_000 },
      )
      .toBe(true);
    await expect
      .poll(() => page.getByTestId('plan-premium-badge').textContent(), { timeout: 10_000 })
      .toBe('Pending payment');
    expect(await page.getByTestId('plan-basic-badge').count()).toBe(0);
    expect(await subscription('carla')).toEqual({ plan: 'premium', status: 'pending_payment' });
    await context.close();
  });

  it("lets an admin created from the command line turn another user's 2FA off and on, grant a plan and delete a user", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const { code } = await freshCode(chiefSecret, chiefStep);
    await logInThroughUi(page, 'chief', PASSWORD, code);
    await page.waitForURL('**/account-settings', { timeout: 15_000 });
    await page.goto(`${baseUrl()}/admin`);

    await expect
      .poll(() => toggle2fa(page, 'carla').textContent(), { timeout: 15_000 })
      .toBe('Disable 2FA');
    expect(await has2fa('carla')).toBe(true);
    expect(await page.title()).toBe('Admin dashboard · TradeBot');

    // The command-line admin has no trial and no phone: 'No plan' and '-'.
    const chiefRow = page.getByTestId('user-row-chief');
    expect(await page.getByTestId('user-plan-chief').textContent()).toBe('No plan');
    expect(await chiefRow.locator('td').nth(4).textContent()).toBe('-');
    expect(await subscription('chief')).toBeUndefined();
    const carlaRow = page.getByTestId('user-row-carla');
    expect(await page.getByTestId('user-plan-carla').textContent()).toBe(
      'Premium · Pending payment',
    );
    // Badges are shown whole and phone numbers stay on one line.
    const badge = carlaRow.locator('.mantine-Badge-label');
    expect(await badge.textContent()).toBe('Enabled');
    expect(await badge.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    const phone = carlaRow.locator('td').nth(4);
    expect(await phone.textContent()).toBe('+44 20 7946 0000');
    const phoneLines = await phone.evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top))).size;
    });
    expect(phoneLines).toBe(1);
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
    // The toast sits below the app bar, clear of the navigation and the bell.
    const toast = page.getByRole('alert').filter({ hasText: 'now has the premium plan' });
    const header = await page.locator('header').boundingBox();
    expect((await toast.boundingBox())?.y).toBeGreaterThanOrEqual(header?.height ?? 64);
    await screenshot(page, 'admin-users');

    // Reserved accounts are exempt: the table says so and the server refuses the change.
    expect(await toggle2fa(page, 'support').textContent()).toBe('Exempt');
    await toggle2fa(page, 'support').click();
    await expect
      .poll(() => page.getByTestId('admin-action-error').textContent(), { timeout: 10_000 })
      .toBe('2FA cannot be changed for this user.');
    expect(await has2fa('support')).toBe(true);

    // Delete asks first and says what happens at the broker; dismissed, nothing is deleted.
    const asked: string[] = [];
    let accept = false;
    page.on('dialog', (dialog) => {
      asked.push(dialog.message());
      void (accept ? dialog.accept() : dialog.dismiss());
    });
    await page.getByTestId('delete-user-erin').click();
    await expect.poll(() => asked.length, { timeout: 10_000 }).toBe(1);
    expect(asked[0]).toBe(ui.confirmDeleteUser);
    expect(asked[0]).toMatch(/^Are you sure you want to delete this user\? .*stay open/);
    expect(await userCount('erin')).toBe(1);
    accept = true;
    await page.getByTestId('delete-user-erin').click();
    await expect.poll(() => page.getByTestId('user-row-erin').count(), { timeout: 10_000 }).toBe(0);
    expect(await userCount('erin')).toBe(0);

    // Market data: the Alpaca universe (the market of Alpaca users) beside the CSV snapshot.
    await page.getByTestId('tab-market-data').click();
    const card = page.getByTestId('alpaca-universe-card');
    await expect
      .poll(() => page.getByTestId('alpaca-summary').textContent(), { timeout: 15_000 })
      .toMatch(/^[\d,]+ listings.* (Loads use|No key to load with)/);
    expect(await card.getByRole('heading', { name: 'Alpaca universe' }).isVisible()).toBe(true);
    await screenshot(page, 'admin-market-data-light');
    await page.evaluate(() => localStorage.setItem('tradebot-color-scheme', 'dark'));
    await page.reload();
    await page.getByTestId('tab-market-data').click();
    await page.getByTestId('alpaca-summary').waitFor({ timeout: 15_000 });
    await screenshot(page, 'admin-market-data-dark');
    await page.evaluate(() => localStorage.setItem('tradebot-color-scheme', 'light'));
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.getByTestId('tab-market-data').click();
    await page.getByTestId('alpaca-summary').waitFor({ timeout: 15_000 });
    await screenshot(page, 'admin-market-data-phone');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    chiefToken = await page.evaluate(() => localStorage.getItem('authToken') ?? '');
    await page.close();
  });

  it('shows the queues, the worker and a running bot on the System tab, and skips the demo clock after asking', async () => {
    const [dave] = await sql<{ id: number }>("SELECT id FROM users WHERE username = 'dave'");
    // A running bot as POST /api/start leaves it; the worker's healing gives it its schedule.
    await sql(
      "INSERT INTO bot_states (user_id, running, market, mode, started_at) VALUES ($1, true, 'demo', 'demo', now())",
      [dave?.id],
    );
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.addInitScript((token) => {
      if (!localStorage.getItem('authToken')) localStorage.setItem('authToken', token);
    }, chiefToken);
    await page.goto(`${baseUrl()}/admin`);
    await page.getByTestId('tab-system').click();
    await page.getByTestId('system-bot-dave').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('system-bot-dave').textContent()).toMatch(
      /^davedave@example\.comDemo market/,
    );
    for (const queue of ['mail', 'bot', 'backtest', 'alerts'])
      expect(await page.getByTestId(`queue-${queue}`).isVisible()).toBe(true);
    // The deployment's worker serves every queue it runs.
    expect(await page.getByTestId('worker-row').count()).toBeGreaterThanOrEqual(1);
    expect(await page.getByTestId('queue-mail').locator('td').last().textContent()).not.toBe('0');
    await screenshot(page, 'admin-system-light');

    const asked: string[] = [];
    let accept = false;
    page.on('dialog', (dialog) => {
      asked.push(dialog.message());
      void (accept ? dialog.accept() : dialog.dismiss());
    });
    await page.getByTestId('demo-clock-hours').selectOption('1');
    await page.getByTestId('demo-clock-skip').click();
    await expect.poll(() => asked.length, { timeout: 10_000 }).toBe(1);
    expect(asked[0]).toBe(ui.confirmDemoClockSkip(1));
    accept = true;
    await page.getByTestId('demo-clock-skip').click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Demo market skipped ahead 1 market hours' })
      .waitFor({ timeout: 10_000 });

    await page.evaluate(() => localStorage.setItem('tradebot-color-scheme', 'dark'));
    await page.reload();
    await page.getByTestId('tab-system').click();
    await page.getByTestId('system-bot-dave').waitFor({ timeout: 15_000 });
    await screenshot(page, 'admin-system-dark');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.getByTestId('tab-system').click();
    await page.getByTestId('system-bot-dave').waitFor({ timeout: 15_000 });
    await screenshot(page, 'admin-system-phone-dark');
    await page.evaluate(() => localStorage.setItem('tradebot-color-scheme', 'light'));
    await page.reload();
    await page.getByTestId('tab-system').click();
    await page.getByTestId('system-bot-dave').waitFor({ timeout: 15_000 });
    await screenshot(page, 'admin-system-phone');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await page.close();
  });
});
