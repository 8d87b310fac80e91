import { server } from '@tradebot/api-contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseUrl,
  createAdminFromCli,
  freshCode,
  launchBrowser,
  logInThroughUi,
  mailedLink,
  navigate,
  postApi,
  secretOf,
  sql,
} from './browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const PASSWORD = 'a long enough passphrase';
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

/** The colour a CSS value resolves to on this page, e.g. a Mantine variable. */
const resolvedColor = (page: Page, value: string) =>
  page.evaluate((css) => {
    const probe = document.createElement('span');
    probe.style.color = css;
    document.body.append(probe);
    const color = getComputedStyle(probe).color;
    probe.remove();
    return color;
  }, value);

describe('screens signed out', () => {
  it('names every page in the browser tab', async () => {
    const page = await browser.newPage();
    const titles: Record<string, string> = {
      '/login': 'Login · TradeBot',
      '/signup': 'Sign up · TradeBot',
      '/help': 'Help Center · TradeBot',
      '/terms': 'Terms and Conditions · TradeBot',
      '/privacy': 'Privacy Policy · TradeBot',
      '/subscribe': 'Subscribe · TradeBot',
      '/no-such-page': 'Page Not Found · TradeBot',
    };
    // The first page loaded, the others reached as the app's links reach them.
    await page.goto(`${baseUrl()}/login`);
    for (const [path, title] of Object.entries(titles)) {
      await navigate(page, path);
      await expect.poll(() => page.title(), { timeout: 10_000 }).toBe(title);
    }
    // A click on a link renames the tab too.
    await page.getByRole('link', { name: 'Help', exact: true }).click();
    await expect.poll(() => page.title()).toBe('Help Center · TradeBot');
    await page.close();
  });

  it('offers each nav link once to assistive technology, on desktop and in the phone drawer', async () => {
    const desktop = await browser.newPage({ viewport: DESKTOP });
    await desktop.goto(`${baseUrl()}/help`);
    const signupLink = (page: Page) => page.getByRole('link', { name: 'Signup', exact: true });
    await signupLink(desktop).waitFor({ timeout: 10_000 });
    expect(await signupLink(desktop).count()).toBe(1);
    await desktop.close();

    const phone = await browser.newPage({ viewport: PHONE });
    await phone.goto(`${baseUrl()}/help`);
    await phone.getByRole('button', { name: 'Toggle navigation' }).waitFor({ timeout: 10_000 });
    // The drawer is closed and the bar's links are hidden at this width.
    expect(await signupLink(phone).count()).toBe(0);
    await phone.getByRole('button', { name: 'Toggle navigation' }).click();
    await expect.poll(() => signupLink(phone).count()).toBe(1);
    await phone.close();
  });

  it("colours in-text links with the theme's anchor colour in dark theme", async () => {
    const context = await browser.newContext();
    await context.addInitScript(() => localStorage.setItem('tradebot-color-scheme', 'dark'));
    const page = await context.newPage();
    for (const path of ['/', '/privacy']) {
      await page.goto(`${baseUrl()}${path}`);
      const terms = page.getByRole('link', { name: /^Terms/ }).last();
      await terms.waitFor({ timeout: 10_000 });
      const anchor = await resolvedColor(page, 'var(--mantine-color-anchor)');
      expect(await terms.evaluate((el) => getComputedStyle(el).color)).toBe(anchor);
    }
    await context.close();
  });
});

describe('screens of a signed-in user without a verified email, keys or plan', () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    const secret = secretOf(await createAdminFromCli('vera', 'vera@example.com', PASSWORD));
    context = await browser.newContext({ viewport: DESKTOP });
    page = await context.newPage();
    await logInThroughUi(page, 'vera', PASSWORD, (await freshCode(secret)).code);
    await page.waitForURL('**/account-settings', { timeout: 15_000 });
  });
  afterAll(async () => context?.close());

  const banner = () => page.getByTestId('verify-email-banner');
  const reply = () => page.getByTestId('verify-email-reply');
  const token = () => page.evaluate(() => localStorage.getItem('authToken') ?? '');

  it('tells the truth about broker keys and plan on the dashboard', async () => {
    await page.goto(`${baseUrl()}/dashboard`);
    await expect
      .poll(() => page.getByTestId('dashboard-next-step').textContent(), { timeout: 10_000 })
      .toContain('No broker keys yet: add your Alpaca keys in account settings');
    expect(await page.getByTestId('dashboard-plan').textContent()).toBe('No plan');

    const saved = await postApi('/api/update-account-settings', {
      token: await token(),
      json: {
        alpaca_environment: 'paper',
        alpaca_api_key_paper: 'PKSCREENS0000001',
        alpaca_api_secret_paper: 'screens-paper-secret-1',
      },
    });
    expect(saved.status).toBe(200);
    await page.reload();
    await expect
      .poll(() => page.getByTestId('dashboard-next-step').textContent(), { timeout: 10_000 })
      .toContain('Your broker keys are saved');
  });

  it('reminds the user to verify, resends the link and shows the throttle message', async () => {
    await page.goto(`${baseUrl()}/dashboard`);
    await banner().waitFor({ timeout: 10_000 });
    expect(await banner().textContent()).toContain('vera@example.com');
    const resend = page.getByTestId('verify-email-resend');
    await resend.click();
    await expect.poll(() => reply().textContent(), { timeout: 10_000 }).toBe(server.verifyLinkSent);
    // Three requests an hour per account: the fourth is refused with the server's message.
    for (let i = 0; i < 3; i += 1) {
      await expect.poll(() => resend.isEnabled()).toBe(true);
      await resend.click();
    }
    await expect
      .poll(() => reply().textContent(), { timeout: 10_000 })
      .toMatch(/^Too many attempts\. Please try again in \d+ seconds\.$/);
    expect(
      await sql('SELECT id FROM mail_outbox WHERE "to" = $1', ['vera@example.com']),
    ).toHaveLength(3);
  });

  it('stays dismissed across pages, and is gone once the email is verified', async () => {
    await page.goto(`${baseUrl()}/dashboard`);
    await banner().waitFor({ timeout: 10_000 });
    await banner().getByRole('button', { name: 'Dismiss' }).click();
    expect(await banner().count()).toBe(0);
    await page.getByRole('link', { name: 'Subscribe', exact: true }).click();
    await page.getByTestId('plan-basic').waitFor({ timeout: 10_000 });
    expect(await banner().count()).toBe(0);

    const link = await mailedLink('vera@example.com', '/verify-email');
    await page.evaluate(() => sessionStorage.clear());
    await page.goto(`${baseUrl()}${link}`);
    await expect
      .poll(() => page.getByTestId('verify-email-result').textContent(), { timeout: 10_000 })
      .toBe(server.emailVerified);
    await page.goto(`${baseUrl()}/dashboard`);
    await page.getByTestId('dashboard-plan').waitFor({ timeout: 10_000 });
    expect(await banner().count()).toBe(0);
  });

  it('gives saved and unsaved key fields one width, with a red Clear in dark theme', async () => {
    await page.goto(`${baseUrl()}/account-settings`);
    const paper = page.getByTestId('paper-api-key');
    const live = page.getByTestId('live-api-key');
    await page.getByTestId('paper-api-key-clear').waitFor({ timeout: 10_000 });
    expect((await paper.boundingBox())?.width).toBe((await live.boundingBox())?.width);

    // Light theme: an unchecked switch has a solid track, not the pale "disabled" grey.
    // The trading-mode switch (the Alerts card below has switches of its own).
    const track = page.locator('.mantine-Switch-track').first();
    expect(await track.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(
      await resolvedColor(page, 'var(--mantine-color-gray-5)'),
    );

    await page.getByTestId('theme-toggle').click();
    await expect
      .poll(() => page.evaluate(() => document.documentElement.dataset.mantineColorScheme))
      .toBe('dark');
    const clear = page.getByTestId('paper-api-key-clear');
    expect(await clear.evaluate((el) => getComputedStyle(el).color)).toBe(
      await resolvedColor(page, 'var(--mantine-color-red-text)'),
    );
    const [red, green] = (await clear.evaluate((el) => getComputedStyle(el).color))
      .match(/\d+/g)!
      .map(Number);
    expect(red! - green!).toBeGreaterThan(80);
  });
});
