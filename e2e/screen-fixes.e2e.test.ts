import { server, ui } from '@tradebot/api-contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseUrl,
  createAdminFromCli,
  freshCode,
  launchBrowser,
  logInThroughUi,
  screenshot,
  secretOf,
  signUpByApi,
  sql,
} from './browser.js';

/**
 * Screen defects a new user meets: the account page before any market is chosen, the explorer's
 * numbers, sorting and remembered toggles, the bell's unread badge and Escape, the verify-email
 * banner and the admin's "Mark verified", and the plan table. Screenshots light and dark, phone
 * and desktop.
 */
const PASSWORD = 'a long enough passphrase';
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

let browser: Browser;
let context: BrowserContext;
let page: Page;
let secret: string;

beforeAll(async () => {
  browser = await launchBrowser();
  secret = await signUpByApi('sfuser', PASSWORD);
  context = await browser.newContext({ viewport: DESKTOP });
  page = await context.newPage();
  await logInThroughUi(page, 'sfuser', PASSWORD, (await freshCode(secret)).code);
  await page.waitForURL('**/account-settings', { timeout: 15_000 });
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

const text = (testId: string, on: Page = page) =>
  on
    .getByTestId(testId)
    .first()
    .textContent({ timeout: 10_000 })
    .then((t) => t ?? '');

/** The page in light and dark, at desktop and phone width (reloaded for each). */
async function shots(on: Page, name: string, ready: () => Promise<unknown>) {
  for (const scheme of ['light', 'dark'] as const) {
    await on.evaluate((s) => localStorage.setItem('tradebot-color-scheme', s), scheme);
    for (const [size, viewport] of [
      ['desktop', DESKTOP],
      ['390', PHONE],
    ] as const) {
      await on.setViewportSize(viewport);
      await on.reload();
      await ready();
      await screenshot(on, `${name}-${scheme}-${size}`);
      const overflow = await on.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${name} ${scheme} ${size}`).toBe(0);
    }
  }
  await on.evaluate(() => localStorage.setItem('tradebot-color-scheme', 'light'));
  await on.setViewportSize(DESKTOP);
}

describe('account settings before a market is chosen', () => {
  it('says "Not set up", shows Test connection busy, and drops the stale keys error', async () => {
    expect(await text('demo-market-card-badge')).toBe('Not set up');
    expect(await text('market-badge')).toBe('Not set up');

    // A slow broker: the button says it is testing while the answer is on its way.
    await page.route('**/trpc/*account.testConnection*', async (route) => {
      await new Promise((done) => setTimeout(done, 1500));
      await route.continue();
    });
    await page.getByTestId('test-connection-paper').click();
    await expect
      .poll(() => text('test-connection-paper-busy'))
      .toBe('Testing the connection with Alpaca…');
    expect(await page.getByTestId('test-connection-paper').getAttribute('aria-busy')).toBe('true');
    await page.getByTestId('test-connection-paper-result').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('test-connection-paper-busy').count()).toBe(0);
    await page.unroute('**/trpc/*account.testConnection*');

    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect.poll(() => text('account-settings-result')).toBe(server.apiKeysRequired);
    await page.getByTestId('use-demo-market').click();
    await expect.poll(() => text('demo-market-result')).toBe('You are now on the demo market.');
    expect(await page.getByTestId('account-settings-result').count()).toBe(0);
    expect(await text('demo-market-card-badge')).toBe('Demo market');
    await shots(page, 'account-demo', () => page.getByTestId('demo-market-card').waitFor());
  });
});

describe('the Stock Explorer', () => {
  const cells = (metric: string) =>
    page.$$eval(`[data-testid^="explorer-row-"] td:nth-child(${metric})`, (tds) =>
      tds.map((td) => td.textContent ?? ''),
    );

  it('shows numbers for people, sorts by any column and remembers it all', async () => {
    await page.goto(`${baseUrl()}/stock-explorer`);
    await page.getByTestId('explorer-table').waitFor({ timeout: 20_000 });
    await page.getByTestId('metric-average_volume').click();
    await page.getByTestId('sort-average_volume').waitFor();
    // Logo, Symbol, Company, Market cap, P/E, Dividend yield, RSI, Avg volume.
    const volumes = await cells('8');
    expect(volumes.length).toBeGreaterThan(10);
    for (const volume of volumes) expect(volume).toMatch(/^(\d{1,3}(,\d{3})*\.\d\d[KMB]?|—)$/);
    for (const cap of await cells('4')) expect(cap).toMatch(/^(\d{1,3}(,\d{3})*\.\d\dB|—)$/);
    for (const yieldPct of await cells('6')) expect(yieldPct).toMatch(/^(-?[\d,]+\.\d\d%|—)$/);

    const header = page.locator('th', { has: page.getByTestId('sort-average_volume') });
    await page.getByTestId('sort-average_volume').click();
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('descending');
    const amount = (cell: string) =>
      Number.parseFloat(cell.replace(/,/g, '')) * ({ K: 1e3, M: 1e6, B: 1e9 }[cell.slice(-1)] ?? 1);
    await expect
      .poll(async () => {
        const values = (await cells('8')).filter((c) => c !== '—').map(amount);
        return values.length > 10 && values.every((v, i) => i === 0 || values[i - 1]! >= v);
      })
      .toBe(true);
    const top = (await page
      .locator('[data-testid^="explorer-row-"]')
      .first()
      .getAttribute('data-testid'))!;

    // Away and back: the toggles and the sort are as they were left.
    await page.getByRole('link', { name: 'Dashboard', exact: true }).first().click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('link', { name: 'Stock Explorer', exact: true }).first().click();
    await page.getByTestId('explorer-table').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('metric-average_volume').getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(await header.getAttribute('aria-sort')).toBe('descending');
    expect(
      await page.locator('[data-testid^="explorer-row-"]').first().getAttribute('data-testid'),
    ).toBe(top);
    await shots(page, 'explorer', () =>
      page.getByTestId('explorer-table').waitFor({ timeout: 20_000 }),
    );
  });

  it('says a symbol is already queued on the second click', async () => {
    await page.goto(`${baseUrl()}/stock-explorer`);
    const button = page.locator('[data-testid^="queue-"]').first();
    await button.waitFor({ timeout: 20_000 });
    const symbol = (await button.getAttribute('data-testid'))!.slice('queue-'.length);
    await button.click();
    await page.getByText(ui.addedToBacktestQueue(symbol), { exact: true }).waitFor();
    await expect.poll(() => button.textContent()).toBe('Queued');
    await button.click();
    await page.getByText(ui.alreadyInBacktestQueue(symbol), { exact: true }).waitFor();
    await screenshot(page, 'explorer-already-queued', { fullPage: false });
  });
});

describe('the notification bell', () => {
  const bell = () => page.getByTestId('notification-bell');

  it('counts unread notifications, resets once opened, and closes on Escape', async () => {
    const [user] = await sql<{ id: number }>("SELECT id FROM users WHERE username = 'sfuser'");
    await sql('DELETE FROM notifications WHERE user_id = $1', [user?.id]);
    await sql(
      `INSERT INTO notifications (user_id, message, status) VALUES
       ($1, 'Screener completed (Default template): 12 stocks', 'completed'),
       ($1, 'Backtest completed for DEMA', 'completed'),
       ($1, 'Backtest failed for ZZX: no price history', 'failed')`,
      [user?.id],
    );
    await page.goto(`${baseUrl()}/dashboard`);
    await expect
      .poll(() => bell().getAttribute('aria-label'), { timeout: 15_000 })
      .toBe('Notifications, 3 unread');
    await bell().click();
    const list = page.getByTestId('notification-list');
    await expect.poll(() => page.getByTestId('notification-item').count()).toBe(3);
    expect(
      await page.locator('[data-testid="notification-item"][data-unread="true"]').count(),
    ).toBe(3);
    await expect.poll(() => bell().getAttribute('aria-label')).toBe('Notifications');
    await screenshot(page, 'bell-open-light-desktop', { fullPage: false });
    await page.keyboard.press('Escape');
    await expect.poll(() => list.count()).toBe(0);

    // Seen stays seen; only a new one counts.
    await page.reload();
    await page.getByTestId('bot-running').waitFor({ timeout: 15_000 });
    await page.waitForTimeout(1000);
    expect(await bell().getAttribute('aria-label')).toBe('Notifications');
    await sql(
      `INSERT INTO notifications (user_id, message, status) VALUES ($1, 'Bot stopped', 'info')`,
      [user?.id],
    );
    await page.evaluate(() => localStorage.setItem('tradebot-color-scheme', 'dark'));
    await page.setViewportSize(PHONE);
    await page.reload();
    await expect
      .poll(() => bell().getAttribute('aria-label'), { timeout: 15_000 })
      .toBe('Notifications, 1 unread');
    await screenshot(page, 'bell-badge-dark-390', { fullPage: false });
    await bell().click();
    await expect.poll(() => page.locator('[data-unread="true"]').count()).toBe(1);
    await screenshot(page, 'bell-open-dark-390', { fullPage: false });
    await page.keyboard.press('Escape');
    await expect.poll(() => list.count()).toBe(0);
    await page.evaluate(() => localStorage.setItem('tradebot-color-scheme', 'light'));
    await page.setViewportSize(DESKTOP);
  });
});

describe('email verification without SMTP', () => {
  const banner = (on: Page = page) => on.getByTestId('verify-email-banner');

  it('keeps the dismissed banner away on the next pages and after a reload', async () => {
    await page.goto(`${baseUrl()}/dashboard`);
    await banner().waitFor({ timeout: 15_000 });
    await banner().getByRole('button', { name: 'Dismiss' }).click();
    await expect.poll(() => banner().count()).toBe(0);
    for (const name of ['Stock Explorer', 'Settings', 'Account']) {
      await page.getByRole('link', { name, exact: true }).first().click();
      await page.waitForTimeout(500);
      expect(await banner().count(), name).toBe(0);
    }
    await page.reload();
    await page.waitForTimeout(1000);
    expect(await banner().count()).toBe(0);
  });

  it("lets an admin mark the user's email verified; the banner is gone for good", async () => {
    const adminSecret = secretOf(
      await createAdminFromCli('sfadmin', 'sfadmin@example.com', PASSWORD),
    );
    const adminContext = await browser.newContext({ viewport: DESKTOP });
    const admin = await adminContext.newPage();
    await logInThroughUi(admin, 'sfadmin', PASSWORD, (await freshCode(adminSecret)).code);
    await admin.waitForURL('**/account-settings', { timeout: 15_000 });
    await admin.goto(`${baseUrl()}/admin`);
    const mark = admin.getByTestId('mark-verified-sfuser');
    await mark.waitFor({ timeout: 15_000 });
    await shots(admin, 'admin-mark-verified', () =>
      admin.getByTestId('mark-verified-sfuser').waitFor({ timeout: 15_000 }),
    );
    await admin.getByTestId('mark-verified-sfuser').click();
    await admin.getByText(server.adminEmailVerified('sfuser'), { exact: true }).waitFor();
    await expect.poll(() => admin.getByTestId('mark-verified-sfuser').count()).toBe(0);
    await adminContext.close();

    // A new tab (nothing dismissed in it) shows no banner: the address is verified.
    const fresh = await context.newPage();
    await fresh.goto(`${baseUrl()}/dashboard`);
    await fresh.getByTestId('bot-running').waitFor({ timeout: 15_000 });
    expect(await banner(fresh).count()).toBe(0);
    await fresh.close();
  });
});

describe('the plan table', () => {
  it('lists the random-forest optimizer for the trial too, and live trading for paid plans only', async () => {
    await page.goto(`${baseUrl()}/subscribe`);
    const row = (key: string) => page.getByTestId(`plan-feature-${key}`);
    await row('live_trading').waitFor({ timeout: 10_000 });
    const cell = (key: string, plan: string) =>
      row(key).locator(`td[data-plan="${plan}"]`).getAttribute('aria-label');
    expect(await cell('live_trading', 'trial')).toBe('Not included');
    expect(await cell('live_trading', 'basic')).toBe('Included');
    expect(await cell('backtester', 'trial')).toBe('Included');
    expect(await row('backtester').textContent()).toContain('random-forest optimizer');
    await shots(page, 'subscribe', () => row('live_trading').waitFor({ timeout: 10_000 }));
  });
});
