import { BUSY_PARAMS } from '@tradebot/strategy/testing';
import { ui } from '@tradebot/api-contract';
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import {
  baseUrl,
  chooseDemoMarket,
  createAdminFromCli,
  freshCode,
  logInByApi,
  logInThroughUi,
  postApi,
  secretOf,
  signUpByApi,
  sql,
} from './browser.js';

/**
 * What the browser tests of the trading bot on the demo market share: a signed-up user on the
 * demo market, an admin who skips the demo market ahead (the tests' clock), busy stocks on the
 * Final Trading List and Begin Trading.
 */

/** The bearer token the signed-in page keeps. */
export const pageToken = (page: Page) =>
  page.evaluate(() => localStorage.getItem('authToken') ?? '');

/** The text of the first element with the test id ('' when it has none). */
export const testIdText = async (page: Page, testId: string) =>
  (await page.getByTestId(testId).first().textContent()) ?? '';

/** A GET of the REST shims with the page's token, expecting 200. */
export async function getApi<T>(page: Page, path: string): Promise<T> {
  const response = await fetch(`${baseUrl()}${path}`, {
    headers: { authorization: `Bearer ${await pageToken(page)}` },
  });
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

/** Signs `username` up, logs in through the login page and picks the demo market. */
export async function demoMarketUser(browser: Browser, username: string, password: string) {
  const secret = await signUpByApi(username, password);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await logInThroughUi(page, username, password, (await freshCode(secret)).code);
  await page.waitForURL('**/account-settings', { timeout: 15_000 });
  await chooseDemoMarket(page);
  return { context, page };
}

/**
 * The deployment's demo-market clock, moved on by an admin the command line creates. With
 * `bot` (a username), each skip waits until that user's running bot has ticked at the new market
 * time, so no session goes by undecided (a bot left alone makes exactly its twin's trades).
 */
export async function demoClock(admin: string, password: string, bot?: string) {
  const secret = secretOf(await createAdminFromCli(admin, `${admin}@example.com`, password));
  const adminToken = await logInByApi(admin, password, secret);
  let marketTime = 0;

  /** Whether `bot` is running, and whether it has ticked at market time `at` or later. */
  const botState = async (at: number) =>
    (
      await sql<{ running: boolean; ticked: boolean }>(
        `SELECT s.running, coalesce(s.last_tick_at >= $2, false) AS ticked FROM bot_states s
          JOIN users u ON u.id = s.user_id WHERE u.username = $1`,
        [bot, new Date(at)],
      )
    )[0] ?? { running: false, ticked: false };

  /**
   * Skips the demo market ahead; every process follows within 2 s. True when it waited for the
   * running bot's tick at the new time.
   */
  async function skipAhead(hours: number): Promise<boolean> {
    const reply = await postApi('/api/admin/demo-clock/advance', {
      json: { hours },
      token: adminToken,
    });
    expect(reply.status).toBe(200);
    marketTime = Date.parse(String(reply.body.market_time));
    if (bot === undefined || !(await botState(marketTime)).running) return false;
    // A tick every 2 s; a machine busy with the rest of the suite can hold the queue back longer.
    await expect
      .poll(async () => (await botState(marketTime)).ticked, { timeout: 90_000, interval: 250 })
      .toBe(true);
    return true;
  }

  /** Skips ahead half a day at a time until `done` holds (the bot ticks every 2 s). */
  async function skipUntil(done: () => Promise<boolean>, what: string, steps = 30) {
    for (let k = 0; k < steps; k++) {
      if (await done()) return;
      const ticked = await skipAhead(12);
      const deadline = Date.now() + (ticked ? 0 : 5_000);
      do {
        if (await done()) return;
        if (Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 500));
      } while (Date.now() < deadline);
    }
    throw new Error(`${what} did not happen within ${steps} skips of 12 market hours`);
  }

  /** The market time the last skip moved to (ms; 0 before the first). */
  return { skipAhead, skipUntil, marketTime: () => marketTime };
}

/** The symbols the user holds on the demo market, as its positions table has them. */
export const heldPositions = async (username: string) =>
  (
    await sql<{ symbol: string }>(
      `SELECT p.symbol FROM sim_positions p JOIN users u ON u.id = p.user_id
        WHERE u.username = $1 AND p.qty <> 0 ORDER BY p.symbol`,
      [username],
    )
  ).map((row) => row.symbol);

/**
 * Puts `symbols` on the Final Trading List with parameters that trade often, without a trailing
 * stop (a 2 % trail often closes a demo position inside its entry bar, and the dashboard would
 * never show it; the stop-loss and target still protect it), and a tick every 2 s, so a test
 * does not wait a minute per step.
 */
export async function listBusyStocks(token: string, symbols: string[]) {
  const post = async (path: string, json: unknown) =>
    expect((await postApi(path, { json, token })).status, path).toBe(200);
  await post('/api/save-to-optimized-parameters', { symbols });
  await post('/api/select-for-trading', { symbols });
  await post(
    '/api/update-final-trading-config',
    symbols.map((symbol) => ({ symbol, ...BUSY_PARAMS })),
  );
  await post('/api/backtest/settings', { trailing_stop_pct: 0 });
  await post('/api/update-config', { trading: { sleep_interval: 2 } });
}

/**
 * Begin Trading on the trading settings: the stocks were never backtested, so it names them and
 * asks first. Then the dashboard shows the bot running, connected over /ws.
 */
export async function beginTrading(page: Page, symbols: string[]) {
  await page.goto(`${baseUrl()}/settings?tab=trading`);
  await page.getByRole('button', { name: 'Begin Trading' }).click();
  const dialog = page.getByRole('dialog', { name: 'Trade without evidence?' });
  await dialog.waitFor();
  for (const symbol of symbols) expect(await dialog.textContent()).toContain(symbol);
  await dialog.getByRole('button', { name: 'Trade them anyway' }).click();
  await page.getByText(ui.tradingBotStarted).first().waitFor({ timeout: 15_000 });
  await page.goto(`${baseUrl()}/dashboard`);
  await expect
    .poll(() => page.getByTestId('bot-running').getAttribute('data-state'), { timeout: 15_000 })
    .toBe('running');
  await expect.poll(() => testIdText(page, 'ws-status'), { timeout: 10_000 }).toBe('Connected');
}
