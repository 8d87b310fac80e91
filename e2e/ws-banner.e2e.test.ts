import { ui } from '@tradebot/api-contract';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseUrl,
  freshCode,
  launchBrowser,
  logInThroughUi,
  screenshot,
  signUpByApi,
} from './browser.js';

/**
 * The live-updates banner in real Chromium. The page's /ws is routed (Playwright's
 * routeWebSocket) so the test decides how each socket ends, and the notifications call the
 * screener run starts with is held, so the run (and its wish for live updates) stays on screen.
 */
const PASSWORD = 'a long enough passphrase';
let browser: Browser;
let storage: Awaited<ReturnType<BrowserContext['storageState']>>;
const held: Route[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  const secret = await signUpByApi('wsbanner', PASSWORD);
  const context = await browser.newContext();
  const page = await context.newPage();
  await logInThroughUi(page, 'wsbanner', PASSWORD, (await freshCode(secret)).code);
  await page.waitForURL('**/account-settings', { timeout: 15_000 });
  storage = await context.storageState();
  await context.close();
});
afterAll(async () => {
  await Promise.all(held.map((route) => route.abort().catch(() => undefined)));
  await browser?.close();
});

/** A signed-in page on /settings whose sockets the server side of `onSocket` closes. */
async function settingsPage(
  options: { viewport: { width: number; height: number }; dark?: boolean },
  serverAccepts: () => boolean,
) {
  const context = await browser.newContext({ viewport: options.viewport, storageState: storage });
  if (options.dark)
    await context.addInitScript(() => localStorage.setItem('tradebot-color-scheme', 'dark'));
  const page = await context.newPage();
  let sockets = 0;
  await page.routeWebSocket('**/ws?token=*', (ws) => {
    sockets += 1;
    if (serverAccepts()) ws.connectToServer();
    else void ws.close({ code: 1011, reason: 'Server error, please reconnect' });
  });
  await page.route('**/trpc/notifications.list**', (route) => void held.push(route));
  await page.goto(`${baseUrl()}/settings`);
  await page.getByTestId('run-screener').click();
  return { context, page, sockets: () => sockets };
}

const bannerText = (page: Page) => page.getByTestId('ws-banner').textContent();

describe('live updates banner', () => {
  it('shows code, reason and countdown while a run wants live updates; Reconnect recovers', async () => {
    let accept = false;
    const { context, page, sockets } = await settingsPage(
      { viewport: { width: 1280, height: 900 } },
      () => accept,
    );
    await page.getByTestId('ws-banner').waitFor({ timeout: 10_000 });
    expect(await bannerText(page)).toMatch(
      /Live updates disconnected \(code 1011: Server error, please reconnect\)\. (Retrying in \d\u00a0s…|Reconnecting)/,
    );
    await screenshot(page, 'banner-light', { fullPage: false });
    // The back-off: 1 s, then 2 s, so three sockets within about 4 s, not more.
    await expect.poll(sockets, { timeout: 6_000 }).toBeGreaterThanOrEqual(3);
    expect(sockets()).toBeLessThanOrEqual(4);
    accept = true;
    await page.getByTestId('ws-reconnect').click();
    await expect.poll(() => bannerText(page), { timeout: 5_000 }).toBe(ui.wsConnected);
    await expect.poll(() => page.getByTestId('ws-banner').count(), { timeout: 6_000 }).toBe(0);
    await context.close();
  });

  it('looks right in dark theme and at 390 px', async () => {
    const dark = await settingsPage(
      { viewport: { width: 1280, height: 900 }, dark: true },
      () => false,
    );
    await dark.page.getByTestId('ws-banner').waitFor({ timeout: 10_000 });
    await screenshot(dark.page, 'banner-dark', { fullPage: false });
    await dark.context.close();
    const phone = await settingsPage({ viewport: { width: 390, height: 844 } }, () => false);
    await phone.page.getByTestId('ws-banner').waitFor({ timeout: 10_000 });
    const box = await phone.page.getByTestId('ws-banner').boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    // Run Screener sits below the fold on a phone: back to the top, where the banner is.
    await phone.page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(phone.page, 'banner-390', { fullPage: false });
    await phone.context.close();
  });
});
