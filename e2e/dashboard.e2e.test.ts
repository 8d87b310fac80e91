import { ui } from '@tradebot/api-contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveBotFixture } from './bot-fixture.js';
import {
  baseUrl,
  chooseDemoMarket,
  downloadedCsv,
  freshCode,
  launchBrowser,
  logInThroughUi,
  screenshot,
  signUpByApi,
  sql,
} from './browser.js';

/**
 * The bot's dashboard and live log in real Chromium for a new user on the demo market, before
 * the bot ever ran: the stopped panel, every empty state, the live socket, the kill switch's
 * confirmation, and the live log's polling and pause. Screenshots in light, dark and phone.
 */
const PASSWORD = 'a long enough passphrase';
let browser: Browser;
let context: BrowserContext;
let page: Page;

/** The live log's call, alone or batched with others. */
const LIVE_LOG_CALL = /\/trpc\/[^?]*bot\.liveLog/;

const text = (testId: string) => page.getByTestId(testId).first().textContent();

beforeAll(async () => {
  browser = await launchBrowser();
  const secret = await signUpByApi('dashuser', PASSWORD);
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  await logInThroughUi(page, 'dashuser', PASSWORD, (await freshCode(secret)).code);
  await page.waitForURL('**/account-settings', { timeout: 15_000 });
  await chooseDemoMarket(page);
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('the dashboard before the bot ever ran', () => {
  it('shows the stopped bot and every empty state', async () => {
    await page.goto(`${baseUrl()}/dashboard`);
    await page.getByTestId('bot-running').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('bot-running').getAttribute('data-state')).toBe('stopped');
    expect(await text('bot-running')).toBe('Stopped');
    expect(await text('bot-last-tick')).toBe('Start the bot to trade your Final Trading List.');
    expect(await text('bot-equity')).toBe('–');
    await page.getByTestId('positions-empty').waitFor({ timeout: 15_000 });
    await page.getByTestId('monitored-empty').waitFor();
    await page.getByTestId('trades-empty').waitFor();
    await page.getByTestId('equity-curve-empty').waitFor();
    await page.getByTestId('recent-logs-empty').waitFor();
    await page.getByTestId('price-chart-empty').waitFor();
    expect(await text('perf-cumulative-pnl')).toBe('$0.00');
    expect(await text('perf-win-rate')).toBe('0.0 %');
    // The demo market's simulated broker is not Alpaca's paper account: no Paper label.
    expect(await page.getByTestId('mode-badge').count()).toBe(0);
    // Nothing failed to load.
    expect(await page.getByText(/^Failed to fetch/).count()).toBe(0);
    // The demo clock answers, so the market is Open or Closed, never Unknown.
    await expect
      .poll(() => page.getByTestId('market-status').getAttribute('data-state'), { timeout: 10_000 })
      .toMatch(/^(Open|Closed)$/);
    // The dashboard keeps the live socket open.
    await expect.poll(() => text('ws-status'), { timeout: 10_000 }).toBe('Connected');
    expect(await page.getByRole('button', { name: 'Stop Bot', exact: true }).isDisabled()).toBe(
      true,
    );
    expect(await page.getByRole('button', { name: 'Start Bot', exact: true }).isDisabled()).toBe(
      false,
    );
  });

  it('says why Start failed with an empty Final Trading List', async () => {
    await page.getByRole('button', { name: 'Start Bot', exact: true }).click();
    const toast = page.getByText(/^Failed to start bot: /).first();
    await toast.waitFor({ timeout: 10_000 });
    // The server's own reason follows the spec's prefix (not the "no answer" fallback).
    expect(await toast.textContent()).not.toContain('the server did not answer');
    expect(await page.getByTestId('bot-running').getAttribute('data-state')).toBe('stopped');
  });

  it('asks before the kill switch, saying what it does', async () => {
    await page.getByTestId('kill-switch').click();
    const dialog = page.getByRole('dialog', { name: 'Flatten all and stop?' });
    await dialog.waitFor();
    expect(await dialog.getByTestId('bot-confirm-text').textContent()).toBe(ui.killSwitchConfirm);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.mouse.move(0, 0);
    await screenshot(page, 'dashboard-light', { settleMs: 300 });
  });

  it('reads well in dark theme and at phone width', async () => {
    await page.evaluate(() => localStorage.setItem('tradebot-color-scheme', 'dark'));
    await page.reload();
    await page.getByTestId('positions-empty').waitFor({ timeout: 15_000 });
    await page.getByTestId('equity-curve-empty').waitFor();
    await screenshot(page, 'dashboard-dark');
    await page.evaluate(() => localStorage.setItem('tradebot-color-scheme', 'light'));
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.getByTestId('positions-empty').waitFor({ timeout: 15_000 });
    await page.getByTestId('equity-curve-empty').waitFor();
    await screenshot(page, 'dashboard-phone');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 900 });
  });
});

describe('the live log', () => {
  it('polls, shows its status, pauses and resumes', async () => {
    await page.goto(`${baseUrl()}/live-log`);
    const status = page.getByTestId('live-log-status');
    await expect.poll(() => status.getAttribute('data-state'), { timeout: 15_000 }).toBe('active');
    expect(await status.textContent()).toBe('Active');
    const area = page.getByTestId('live-log-text');
    expect(await area.inputValue()).toBe('');
    expect(await area.getAttribute('placeholder')).toContain('No log lines yet');
    expect(await text('live-log-summary')).toContain('0 lines');
    await page.getByTestId('live-log-toggle').click();
    expect(await status.textContent()).toBe('Idle (paused)');
    expect(await text('live-log-toggle')).toBe('Resume');
    await page.getByTestId('live-log-toggle').click();
    await expect.poll(() => status.getAttribute('data-state'), { timeout: 15_000 }).toBe('active');
    expect(await page.getByTestId('live-log-error').count()).toBe(0);
    await screenshot(page, 'live-log-light');
  });

  it('says the connection is lost while polls fail, and recovers', async () => {
    await page.route(LIVE_LOG_CALL, (route) => route.abort('connectionrefused'));
    await expect
      .poll(() => page.getByTestId('live-log-status').getAttribute('data-state'), {
        timeout: 15_000,
      })
      .toBe('error');
    expect(await text('live-log-error')).toBe(ui.liveLogFetchFailed);
    expect(await text('live-log-retrying')).toBe(ui.liveLogConnectionLost);
    await screenshot(page, 'live-log-error');
    await page.unroute(LIVE_LOG_CALL);
    await expect
      .poll(() => page.getByTestId('live-log-status').getAttribute('data-state'), {
        timeout: 15_000,
      })
      .toBe('active');
  });
});

describe('the notification bell', () => {
  it("lists the bot's fills and halts with their status and time, and clears them", async () => {
    const [user] = await sql<{ id: number }>("SELECT id FROM users WHERE username = 'dashuser'");
    await sql(
      `INSERT INTO notifications (user_id, message, status, created_at) VALUES
       ($1, 'Bought 20 AAPL at 176.40', 'info', now() - interval '5 minutes'),
       ($1, 'Trading halted: equity 20.4 % below its peak', 'warning', now() - interval '2 minutes'),
       ($1, 'Order for MSFT rejected: insufficient buying power', 'failed', now())`,
      [user?.id],
    );
    await page.goto(`${baseUrl()}/dashboard`);
    await page.getByTestId('bot-running').waitFor({ timeout: 15_000 });
    await page.getByTestId('notification-bell').click();
    const items = page.getByTestId('notification-item');
    await expect.poll(() => items.count(), { timeout: 10_000 }).toBe(3);
    expect(await items.first().getAttribute('data-status')).toBe('failed');
    // Market time (ET), the same rule as every other market thing; never "min ago".
    expect(await items.nth(1).getByTestId('notification-time').textContent()).toMatch(
      /^[A-Z][a-z]{2} \d{1,2}, \d{4} \d{2}:\d{2} ET$/,
    );
    expect(await items.nth(2).textContent()).toMatch(/^Bought 20 AAPL at 176\.40.+ ET$/);
    await screenshot(page, 'notifications-light');
    await page.getByTestId('notification-list').getByRole('button', { name: 'Clear' }).click();
    await page.getByTestId('notification-list').getByText(ui.noNotifications).waitFor();
    await page.keyboard.press('Escape');
  });
});

describe('the trades export', () => {
  it('downloads every closed trade as the CSV file the Download CSV button saves', async () => {
    const [user] = await sql<{ id: number }>("SELECT id FROM users WHERE username = 'dashuser'");
    await sql(
      `INSERT INTO bot_trades (user_id, symbol, side, qty, entry_price, exit_price, entry_at,
         exit_at, pnl, reason, exit_fill_id) VALUES
       ($1, 'AAPL', 'long', 20, 176.4, 170.15, '2026-01-05T14:31:00Z', '2026-01-06T15:02:00Z',
        -125, 'stop_loss', 'e2e-csv-1'),
       ($1, 'MSFT', 'short', 1.5, 410, 400.5, '2026-01-07T14:30:00Z', '2026-01-08T20:59:00Z',
        14.25, 'flatten, "all"', 'e2e-csv-2')`,
      [user?.id],
    );
    await page.goto(`${baseUrl()}/dashboard`);
    const log = page.getByTestId('trades-log');
    await expect.poll(() => log.locator('tbody tr').count(), { timeout: 15_000 }).toBe(2);
    const file = await downloadedCsv(page, () => page.getByTestId('trades-download').click());
    expect(file.filename).toBe('bot-trades.csv');
    expect(file.rows).toEqual([
      [
        'entry_at',
        'exit_at',
        'symbol',
        'side',
        'qty',
        'entry_price',
        'exit_price',
        'pnl',
        'exit_reason',
      ],
      [
        '2026-01-07T14:30:00.000Z',
        '2026-01-08T20:59:00.000Z',
        'MSFT',
        'short',
        '1.5',
        '410',
        '400.5',
        '14.25',
        'flatten, "all"',
      ],
      [
        '2026-01-05T14:31:00.000Z',
        '2026-01-06T15:02:00.000Z',
        'AAPL',
        'long',
        '20',
        '176.4',
        '170.15',
        '-125',
        'stop_loss',
      ],
    ]);
    // The table shows the same trades, newest first.
    expect(await log.locator('tbody tr').first().textContent()).toContain('MSFT');
    await sql("DELETE FROM bot_trades WHERE exit_fill_id LIKE 'e2e-csv-%'");
  });
});

describe('the dashboard of a running bot (bot reads from a fixture)', () => {
  it('shows the running bot, its halt, positions, symbols, charts and trades', async () => {
    const filled = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      storageState: await context.storageState(),
    });
    const view = await filled.newPage();
    await serveBotFixture(view);
    await view.goto(`${baseUrl()}/dashboard`);
    await view.getByTestId('position-AAPL').waitFor({ timeout: 15_000 });
    expect(await view.getByTestId('bot-running').textContent()).toBe('Running');
    expect(await view.getByTestId('bot-halted').textContent()).toContain('Equity fell 20.4 %');
    expect(await view.getByTestId('bot-equity').textContent()).toBe('$10,412.37');
    expect(await view.getByTestId('bot-daily-pnl').textContent()).toBe('+$58.20');
    expect(await view.getByTestId('tracked-MSFT').textContent()).toContain('Watching');
    expect(await view.getByTestId('tracked-NVDA').textContent()).toContain('Holding');
    await view.getByTestId('equity-curve').locator('canvas').first().waitFor();
    await view.getByTestId('bot-price-chart').locator('canvas').first().waitFor();
    expect(await view.getByTestId('trades-log').locator('tbody tr').count()).toBe(5);
    await view.getByTestId('position-NVDA').getByRole('button', { name: 'Quick Sell' }).click();
    expect(await view.getByTestId('quick-sell-question').textContent()).toBe(
      ui.quickSellConfirm('NVDA'),
    );
    await view.getByRole('button', { name: 'Cancel' }).click();
    await view.evaluate(() => window.scrollTo(0, 0));
    await screenshot(view, 'dashboard-filled-light', { settleMs: 500 });
    await view.setViewportSize({ width: 390, height: 844 });
    await view.evaluate(() => window.scrollTo(0, 0));
    // The phone layout settled before it is measured.
    await view.waitForTimeout(500);
    await screenshot(view, 'dashboard-filled-phone');
    expect(await view.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await view.setViewportSize({ width: 1280, height: 900 });
    await view.goto(`${baseUrl()}/live-log`);
    await expect
      .poll(() => view.getByTestId('live-log-text').inputValue(), { timeout: 15_000 })
      .toContain('tick 79');
    // Auto-scrolled to the newest line.
    const atBottom = await view
      .getByTestId('live-log-text')
      .evaluate((el) => el.scrollTop > 0 && el.scrollTop + el.clientHeight >= el.scrollHeight - 2);
    expect(atBottom).toBe(true);
    expect(await view.getByTestId('live-log-summary').textContent()).toContain('80 lines');
    await screenshot(view, 'live-log-filled-light');
    await filled.close();
  });
});
