import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot, sql } from './browser.js';
import {
  beginTrading,
  demoClock,
  demoMarketUser,
  heldPositions,
  listBusyStocks,
  pageToken,
  testIdText,
} from './demo-trading.js';

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
let clock: Awaited<ReturnType<typeof demoClock>>;
let symbols: string[] = [];

const text = (testId: string) => testIdText(page, testId);
const skipUntil = (done: () => Promise<boolean>, what: string, steps?: number) =>
  clock.skipUntil(done, what, steps);
const heldNow = () => heldPositions('botjourney');

beforeAll(async () => {
  browser = await launchBrowser();
  // Each skip waits for the bot's tick, so no session goes by undecided (the twin's exact match).
  clock = await demoClock('botadmin', PASSWORD, 'botjourney');
  ({ context, page } = await demoMarketUser(browser, 'botjourney', PASSWORD));
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
    await listBusyStocks(await pageToken(page), symbols);
  }, 90_000);

  it('Begin Trading starts the bot', async () => {
    await beginTrading(page, symbols);
    expect(await text('dashboard-next-step')).toContain('You are trading the demo market');
  }, 60_000);

  it('a position appears on the dashboard once the demo market moves on', async () => {
    await skipUntil(async () => (await heldNow()).length > 0, 'an entry fill');
    const [held] = await heldNow();
    // Pushed over /ws by the tick that saw the fill (the page's fallback poll is 30 s).
    await page.getByTestId(`position-${held}`).waitFor({ timeout: 15_000 });
    expect(await text('bot-equity')).toMatch(/^\$/);
    await screenshot(page, 'bot-journey-position');
  }, 240_000);

  it('Quick Sell asks first, then the trade shows in the log and the figures change', async () => {
    // The bot's own exit may close the position before the quick sell reaches it (the demo market
    // moves on while the page is clicked through): then the next held position is sold.
    let sold: { symbol: string; reason: string | undefined } | undefined;
    for (let attempt = 0; attempt < 3 && sold?.reason !== 'manual_sell'; attempt += 1) {
      // The position the last test saw may have hit its stop or target since: hold one first.
      await skipUntil(async () => (await heldNow()).length > 0, 'an entry fill');
      const [held] = await heldNow();
      const tradesBefore = Number(await text('perf-trades'));
      const row = page.getByTestId(`position-${held}`);
      await row.waitFor({ timeout: 15_000 });
      await row.getByRole('button', { name: /quick sell/i }).click();
      expect(await text('quick-sell-question')).toBe(
        `Are you sure you want to quick sell ${held}?`,
      );
      await page.getByTestId('quick-sell-confirm').click();
      // Closed by the bot between the click and the confirmation: the server refuses, next one.
      const answer = page
        .getByText(`Quick sell initiated for ${held}.`)
        .or(page.getByText(`Failed to quick sell ${held}`))
        .first();
      await answer.waitFor({ timeout: 15_000 });
      if (!((await answer.textContent()) ?? '').startsWith('Quick sell initiated')) continue;
      await skipUntil(
        async () => !(await heldNow()).includes(held as string),
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
      sold = { symbol: held as string, reason: trade?.reason };
    }
    expect(sold?.reason).toBe('manual_sell');
    await screenshot(page, 'bot-journey-after-quick-sell');
  }, 600_000);

  it('the kill switch flattens everything and stops the bot', async () => {
    // Let the bot open something again, so there is something to flatten.
    await skipUntil(async () => (await heldNow()).length > 0, 'another entry fill');
    await page.getByTestId('kill-switch').click();
    await page.getByTestId('bot-confirm').click();
    await expect
      .poll(() => page.getByTestId('bot-running').getAttribute('data-state'), { timeout: 15_000 })
      .toBe('stopped');
    // The closing orders fill at the next open: the market moves on, and nothing is held.
    await skipUntil(async () => (await heldNow()).length === 0, 'the flattening');
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
