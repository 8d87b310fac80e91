import { openOrderTexts } from '@tradebot/api-contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseUrl,
  chooseDemoMarket,
  freshCode,
  launchBrowser,
  logInThroughUi,
  postApi,
  screenshot,
  signUpByApi,
  sql,
} from './browser.js';
import { demoClock, listBusyStocks } from './demo-trading.js';

/**
 * The dashboard stays live over /ws on the demo market (its clock runs about a session a wall
 * minute): the last check moves with every tick, the market badge turns with the demo clock, a
 * settings change reaches the config line, and the Open orders panel lists the entries waiting
 * for the next open, one of which is canceled behind a confirmation. Every market time says ET.
 */
const PASSWORD = 'a long enough passphrase';
const ET = /^[A-Z][a-z]{2} \d{1,2}, \d{4} \d{2}:\d{2} ET$/;
let browser: Browser;
let context: BrowserContext;
let page: Page;

const token = () => page.evaluate(() => localStorage.getItem('authToken') ?? '');
const text = (testId: string) => page.getByTestId(testId).first().textContent();
/** The server's market status, as the page reads it. */
const marketStatus = () =>
  page.evaluate(async () => {
    const answer = await fetch('/api/get-market-status', {
      headers: { Authorization: `Bearer ${localStorage.getItem('authToken')}` },
    });
    return (await answer.json()) as {
      is_open: boolean;
      market_time?: string;
      next_change?: string;
      speed?: number;
    };
  });
/** Requests the page made to the market status read (alone or batched). */
let marketReads = 0;

beforeAll(async () => {
  browser = await launchBrowser();
  const secret = await signUpByApi('liveuser', PASSWORD);
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  page.on('request', (request) => {
    if (/\/trpc\/[^?]*market\.status/.test(request.url())) marketReads += 1;
  });
  await logInThroughUi(page, 'liveuser', PASSWORD, (await freshCode(secret)).code);
  await page.waitForURL('**/account-settings', { timeout: 15_000 });
  await chooseDemoMarket(page);
  // The worker writes the demo universe at start.
  for (let k = 0; k < 60; k++) {
    const found = await sql<{ symbol: string }>(
      `SELECT symbol FROM companies WHERE source = 'demo' AND symbol !~ '^SCRN' LIMIT 6`,
    );
    if (found.length === 6) break;
    await new Promise((done) => setTimeout(done, 1_000));
  }
  const symbols = (
    await sql<{ symbol: string }>(
      `SELECT symbol FROM companies WHERE source = 'demo' AND symbol !~ '^SCRN'
        ORDER BY symbol DESC LIMIT 6`,
    )
  ).map((row) => row.symbol);
  const auth = await token();
  await listBusyStocks(auth, symbols);
  expect((await postApi('/api/start', { json: {}, token: auth })).status, '/api/start').toBe(200);
}, 120_000);
afterAll(async () => {
  await postApi('/api/stop', { json: {}, token: await token() }).catch(() => undefined);
  await context?.close();
  await browser?.close();
});

describe('the live dashboard', () => {
  it('moves the last check with every tick, in ET', async () => {
    await page.goto(`${baseUrl()}/dashboard`);
    await expect.poll(() => text('ws-status'), { timeout: 15_000 }).toBe('Connected');
    // The first tick comes within seconds; a machine busy with the rest of the suite can hold a
    // worker's queue back for tens of seconds.
    await expect
      .poll(() => text('bot-last-tick'), { timeout: 60_000 })
      .toMatch(/^Last check .+ ET$/);
    const first = await text('bot-last-tick');
    // Ticks every 2 s, about 11 market minutes each: the next one shows without a reload.
    await expect.poll(() => text('bot-last-tick'), { timeout: 30_000 }).not.toBe(first);
    expect((await text('bot-last-tick'))?.replace('Last check ', '')).toMatch(ET);
  }, 120_000);

  it('turns the market badge when the demo clock opens or closes the market', async () => {
    const badge = page.getByTestId('market-status');
    await expect
      .poll(() => badge.getAttribute('data-state'), { timeout: 10_000 })
      .toMatch(/^(Open|Closed)$/);
    const before = await badge.getAttribute('data-state');
    // A weekend lasts about two wall minutes at the demo's speed: wait for the server's next
    // change, then allow the badge a few seconds to follow it.
    const status = await marketStatus();
    const dueMs =
      (Date.parse(status.next_change ?? '') - Date.parse(status.market_time ?? '')) /
      (status.speed ?? 1);
    expect(dueMs).toBeGreaterThan(0);
    const readsBefore = marketReads;
    const started = Date.now();
    await expect
      .poll(() => badge.getAttribute('data-state'), { timeout: dueMs + 15_000, interval: 250 })
      .not.toBe(before);
    // Then it agrees with the server's clock.
    expect(await badge.getAttribute('data-state')).toBe(
      (await marketStatus()).is_open ? 'Open' : 'Closed',
    );
    console.info(
      `market badge turned ${Date.now() - started} ms after watching began; the change was due after ${Math.round(dueMs)} ms (${marketReads - readsBefore} status reads)`,
    );
  }, 200_000);

  it('shows a trailing stop change at once', async () => {
    expect(await text('bot-config')).toContain('trailing stop 0 %');
    const reply = await postApi('/api/backtest/settings', {
      json: { trailing_stop_pct: 0.03 },
      token: await token(),
    });
    expect(reply.status).toBe(200);
    // Over /ws: the config line has no poll of its own.
    await expect.poll(() => text('bot-config'), { timeout: 5_000 }).toContain('trailing stop 3 %');
    await postApi('/api/backtest/settings', {
      json: { trailing_stop_pct: 0 },
      token: await token(),
    });
  });

  /**
   * Waits for an entry to wait for the next open. The six stocks may give no signal for days of
   * the demo market (which days the test meets depends on when it runs): after 10 s, an admin
   * skips the market ahead half a day at a time until one does.
   */
  let clock: Awaited<ReturnType<typeof demoClock>> | undefined;
  async function untilEntryWaits(waits: () => Promise<boolean>) {
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      if (await waits()) return;
      await new Promise((done) => setTimeout(done, 500));
    }
    clock ??= await demoClock('livedashadmin', PASSWORD);
    await clock.skipUntil(waits, 'an entry waiting for the next open');
  }

  /**
   * Cancels the first entry still waiting. False when it filled at the open first: at the demo
   * clock's speed an entry waits well under two wall minutes, and a loaded machine can lose that
   * race; the server then says the entry is no longer waiting.
   */
  async function cancelFirstWaiting(): Promise<boolean> {
    const waiting = page.locator('[data-kind="entry"]', {
      has: page.getByRole('button', { name: 'Cancel' }),
    });
    await untilEntryWaits(async () => (await waiting.count()) > 0);
    const row = waiting.first();
    const id = ((await row.getAttribute('data-testid')) ?? '').replace('open-order-', '');
    const gone = async () => (await page.getByTestId(`open-order-${id}`).count()) === 0;
    try {
      expect(await row.textContent()).toContain('Waiting for the next open');
      expect(await row.locator('td').nth(6).textContent()).toMatch(ET);
      await row.getByRole('button', { name: 'Cancel' }).click({ timeout: 5_000 });
    } catch (error) {
      if (await gone()) return false;
      throw error;
    }
    const dialog = page.getByRole('dialog', { name: 'Cancel this entry?' });
    await dialog.waitFor();
    expect(await dialog.getByTestId('cancel-order-text').textContent()).toMatch(
      /^Cancel the [A-Z0-9.]+ entry of [\d.]+ shares waiting for the next open\?/,
    );
    await page.mouse.move(0, 0);
    await screenshot(page, 'open-orders-light');
    await dialog.getByTestId('cancel-order-confirm').click();
    const answer = page
      .getByText(/the entry waiting for the next open was canceled\.$/)
      .or(page.getByText(openOrderTexts.notWaiting))
      .first();
    await answer.waitFor({ timeout: 10_000 });
    const [order] = await sql<{ status: string }>(
      'SELECT status FROM sim_orders WHERE client_order_id = $1',
      [id],
    );
    if ((await answer.textContent())?.includes(openOrderTexts.notWaiting)) {
      expect(order?.status).toBe('filled');
      return false;
    }
    await page.getByTestId(`open-order-${id}`).waitFor({ state: 'detached', timeout: 10_000 });
    expect(order?.status).toBe('canceled');
    return true;
  }

  it('lists the entries waiting for the next open and cancels one after asking', async () => {
    let canceled = false;
    for (let attempt = 0; attempt < 4 && !canceled; attempt++)
      canceled = await cancelFirstWaiting();
    expect(canceled).toBe(true);
  }, 420_000);

  it('reads well in dark theme and at phone width', async () => {
    await page.evaluate(() => localStorage.setItem('tradebot-color-scheme', 'dark'));
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.getByTestId('open-orders').waitFor({ timeout: 15_000 });
    await page.getByTestId('bot-last-tick').waitFor();
    await screenshot(page, 'live-dashboard-phone-dark');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await page.evaluate(() => localStorage.setItem('tradebot-color-scheme', 'light'));
    await page.reload();
    await page.getByTestId('open-orders').waitFor({ timeout: 15_000 });
    await screenshot(page, 'live-dashboard-phone-light');
    await page.goto(`${baseUrl()}/live-log`);
    const area = page.getByTestId('live-log-text');
    await expect
      .poll(() => area.inputValue(), { timeout: 15_000 })
      .toMatch(/ ET (INFO|WARN|ERROR) /);
    expect((await area.inputValue()).split('\n')[0]).toMatch(
      /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} ET /,
    );
    await screenshot(page, 'live-log-phone-light');
    await page.setViewportSize({ width: 1280, height: 900 });
  }, 60_000);
});
