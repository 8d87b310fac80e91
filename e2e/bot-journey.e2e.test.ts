import { BUSY_PARAMS } from '@tradebot/strategy/testing';
import { ui } from '@tradebot/api-contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseUrl,
  createAdminFromCli,
  freshCode,
  logInByApi,
  launchBrowser,
  logInThroughUi,
  postApi,
  screenshot,
  secretOf,
  signUpByApi,
  sql,
} from './browser.js';

/**
 * The bot's journey in real Chromium against the real API and worker on the demo market: Begin
 * Trading from the Final Trading List → an admin skips the demo market ahead (the test's clock)
 * → the bot's position appears on the dashboard through /ws → Quick Sell with its confirmation →
 * the trade shows in the trades log and the performance figures change → the kill switch
 * flattens and stops.
 */
const PASSWORD = 'a long enough passphrase';
let browser: Browser;
let context: BrowserContext;
let page: Page;
let adminToken = '';
let symbols: string[] = [];

const token = () => page.evaluate(() => localStorage.getItem('authToken') ?? '');
const text = (testId: string) => page.getByTestId(testId).first().textContent();

/** An admin skips the deployment's demo market ahead; every process follows within 2 s. */
async function skipAhead(hours: number) {
  const reply = await postApi('/api/admin/demo-clock/advance', {
    json: { hours },
    token: adminToken,
  });
  expect(reply.status).toBe(200);
}

/** Skips ahead half a day at a time until `done` holds (the bot ticks every 2 s). */
async function skipUntil(done: () => Promise<boolean>, what: string, steps = 30) {
  for (let k = 0; k < steps; k++) {
    if (await done()) return;
    await skipAhead(12);
    const deadline = Date.now() + 5_000;
    while (Date.now() < deadline) {
      if (await done()) return;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  throw new Error(`${what} did not happen within ${steps} skips of 12 market hours`);
}

const heldPositions = async () =>
  (
    await sql<{ symbol: string }>(
      `SELECT p.symbol FROM sim_positions p JOIN users u ON u.id = p.user_id
        WHERE u.username = 'botjourney' AND p.qty <> 0 ORDER BY p.symbol`,
    )
  ).map((row) => row.symbol);

beforeAll(async () => {
  browser = await launchBrowser();
  const adminSecret = secretOf(
    await createAdminFromCli('botadmin', 'botadmin@example.com', PASSWORD),
  );
  adminToken = await logInByApi('botadmin', PASSWORD, adminSecret);
  const secret = await signUpByApi('botjourney', PASSWORD);
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  await logInThroughUi(page, 'botjourney', PASSWORD, (await freshCode(secret)).code);
  await page.waitForURL('**/account-settings', { timeout: 15_000 });
  await page.getByTestId('use-demo-market').click();
  await page.getByTestId('market-badge').first().filter({ hasText: 'Demo market' }).waitFor();
}, 60_000);
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('the trading bot on the demo market', () => {
  it('puts eight busy stocks on the Final Trading List', async () => {
    // The worker writes the demo universe at start.
    await expect
      .poll(
        async () =>
          (
            await sql<{ symbol: string }>(
              `SELECT symbol FROM companies WHERE source = 'demo' AND symbol !~ '^SCRN'
                ORDER BY symbol LIMIT 8`,
            )
          ).map((row) => row.symbol),
        { timeout: 60_000, interval: 1_000 },
      )
      .toHaveLength(8);
    symbols = (
      await sql<{ symbol: string }>(
        `SELECT symbol FROM companies WHERE source = 'demo' AND symbol !~ '^SCRN'
          ORDER BY symbol LIMIT 8`,
      )
    ).map((row) => row.symbol);
    const auth = await token();
    expect(
      (await postApi('/api/save-to-optimized-parameters', { json: { symbols }, token: auth }))
        .status,
    ).toBe(200);
    expect(
      (await postApi('/api/select-for-trading', { json: { symbols }, token: auth })).status,
    ).toBe(200);
    const busy = symbols.map((symbol) => ({ symbol, ...BUSY_PARAMS }));
    expect(
      (await postApi('/api/update-final-trading-config', { json: busy, token: auth })).status,
    ).toBe(200);
    // No trailing stop: a 2 % trail often closes a demo position inside its entry bar, and the
    // dashboard would never show it (the stop-loss and target still protect it).
    expect(
      (
        await postApi('/api/backtest/settings', {
          json: { trailing_stop_pct: 0 },
          token: auth,
        })
      ).status,
    ).toBe(200);
    // A tick every 2 s, so the journey does not wait a minute per step.
    expect(
      (
        await postApi('/api/update-config', {
          json: { trading: { sleep_interval: 2 } },
          token: auth,
        })
      ).status,
    ).toBe(200);
  }, 90_000);

  it('Begin Trading starts the bot', async () => {
    await page.goto(`${baseUrl()}/settings?tab=trading`);
    await page.getByRole('button', { name: 'Begin Trading' }).click();
    // The stocks were never backtested: Begin Trading names them and asks first.
    await page
      .getByRole('dialog', { name: 'Trade without evidence?' })
      .getByRole('button', { name: 'Trade them anyway' })
      .click();
    await page.getByText(ui.tradingBotStarted).first().waitFor({ timeout: 15_000 });
    await page.goto(`${baseUrl()}/dashboard`);
    await expect
      .poll(() => page.getByTestId('bot-running').getAttribute('data-state'), { timeout: 15_000 })
      .toBe('running');
    await expect.poll(() => text('ws-status'), { timeout: 10_000 }).toBe('Connected');
    expect(await text('dashboard-next-step')).toContain('You are trading the demo market');
  }, 60_000);

  it('a position appears on the dashboard once the demo market moves on', async () => {
    await skipUntil(async () => (await heldPositions()).length > 0, 'an entry fill');
    const [held] = await heldPositions();
    // Pushed over /ws by the tick that saw the fill (the page's fallback poll is 30 s).
    await page.getByTestId(`position-${held}`).waitFor({ timeout: 15_000 });
    expect(await text('bot-equity')).toMatch(/^\$/);
    await screenshot(page, 'bot-journey-position');
  }, 240_000);

  it('Quick Sell asks first, then the trade shows in the log and the figures change', async () => {
    const [held] = await heldPositions();
    const tradesBefore = Number(await text('perf-trades'));
    const row = page.getByTestId(`position-${held}`);
    await row.getByRole('button', { name: /quick sell/i }).click();
    expect(await text('quick-sell-question')).toBe(`Are you sure you want to quick sell ${held}?`);
    await page.getByTestId('quick-sell-confirm').click();
    await page.getByText(`Quick sell initiated for ${held}.`).first().waitFor({ timeout: 15_000 });
    await skipUntil(
      async () => !(await heldPositions()).includes(held as string),
      `the quick sell of ${held}`,
      8,
    );
    await expect
      .poll(async () => Number(await text('perf-trades')), { timeout: 20_000 })
      .toBeGreaterThan(tradesBefore);
    await page
      .getByTestId('trades-log')
      .getByText(held as string)
      .first()
      .waitFor();
    const [trade] = await sql<{ reason: string }>(
      `SELECT t.reason FROM bot_trades t JOIN users u ON u.id = t.user_id
        WHERE u.username = 'botjourney' AND t.symbol = $1 ORDER BY t.id DESC LIMIT 1`,
      [held],
    );
    expect(trade?.reason).toBe('manual_sell');
    await screenshot(page, 'bot-journey-after-quick-sell');
  }, 120_000);

  it('the kill switch flattens everything and stops the bot', async () => {
    // Let the bot open something again, so there is something to flatten.
    await skipUntil(async () => (await heldPositions()).length > 0, 'another entry fill');
    await page.getByTestId('kill-switch').click();
    await page.getByTestId('bot-confirm').click();
    await expect
      .poll(() => page.getByTestId('bot-running').getAttribute('data-state'), { timeout: 15_000 })
      .toBe('stopped');
    // The closing orders fill at the next open: the market moves on, and nothing is held.
    await skipUntil(async () => (await heldPositions()).length === 0, 'the flattening');
    const [open] = await sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM sim_orders o JOIN users u ON u.id = o.user_id
        WHERE u.username = 'botjourney' AND o.status IN ('new', 'partially_filled')`,
    );
    expect(open?.n).toBe(0);
    // The stopped bot's figures follow the broker: nothing held, so equity = cash.
    await expect
      .poll(async () => (await text('bot-equity')) === (await text('bot-cash')), {
        timeout: 45_000,
      })
      .toBe(true);
    await screenshot(page, 'bot-journey-flattened');
  }, 240_000);
});
