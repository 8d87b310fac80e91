import { ui } from '@tradebot/api-contract';
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

/**
 * No trading blind: the Final Trading List shows each stock's backtest verdict, and moving
 * stocks a backtest does not back or Begin Trading with them names them and asks first.
 */
const PASSWORD = 'a long enough passphrase';
let browser: Browser;
let context: BrowserContext;
let page: Page;
let proven = '';
let unbacktested = '';

const token = () => page.evaluate(() => localStorage.getItem('authToken') ?? '');
const botState = async () => {
  const response = await fetch(`${baseUrl()}/api/bot/status`, {
    headers: { authorization: `Bearer ${await token()}` },
  });
  return ((await response.json()) as { status: string }).status;
};
const setScheme = async (scheme: 'light' | 'dark') => {
  await page.evaluate((s) => localStorage.setItem('tradebot-color-scheme', s), scheme);
  await page.reload();
};

beforeAll(async () => {
  browser = await launchBrowser();
  const secret = await signUpByApi('evidence', PASSWORD);
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  await logInThroughUi(page, 'evidence', PASSWORD, (await freshCode(secret)).code);
  await page.waitForURL('**/account-settings', { timeout: 15_000 });
  await chooseDemoMarket(page);
  // The screens below are checked at phone width.
  await page.setViewportSize({ width: 390, height: 844 });
  const demo = async () =>
    (
      await sql<{ symbol: string }>(
        `SELECT symbol FROM companies WHERE source = 'demo' AND symbol !~ '^SCRN'
          ORDER BY symbol LIMIT 2`,
      )
    ).map((row) => row.symbol);
  // The worker writes the demo universe at start.
  for (let wait = 0; (await demo()).length < 2; wait += 1) {
    if (wait > 60) throw new Error('the demo universe was not written within a minute');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  [proven, unbacktested] = (await demo()) as [string, string];
  const saved = await postApi('/api/save-to-optimized-parameters', {
    json: { symbols: [proven, unbacktested] },
    token: await token(),
  });
  expect(saved.status).toBe(200);
  // A completed backtest whose verdict found an edge, for the first stock only.
  await sql(
    `WITH u AS (SELECT id FROM users WHERE username = 'evidence'),
          run AS (INSERT INTO backtest_runs (user_id, symbol, batch_id, universe, settings, status)
                  SELECT id, $1, 1, 'demo', '{}', 'completed' FROM u RETURNING id, user_id)
     INSERT INTO backtest_results (user_id, symbol, run_id, result)
     SELECT user_id, $1, id, '{"verdict":{"no_robust_edge":false}}' FROM run`,
    [proven],
  );
}, 120_000);
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('trading only with evidence', () => {
  it('moving a never-backtested stock names it with its verdict before the move', async () => {
    await page.goto(`${baseUrl()}/settings?tab=trading`);
    await page.getByTestId('optimized-parameters').waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Save to Final Trading List' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm Save' });
    const listed = dialog.getByTestId('unproven-stock');
    await expect.poll(() => listed.allTextContents()).toEqual([`${unbacktested}Not backtested`]);
    await screenshot(page, 'trade-evidence-move-light');
    await dialog.getByRole('button', { name: 'Trade them anyway' }).click();
    await page.getByText(ui.movedToFinalList(2)).first().waitFor();
  });

  it('shows each stock’s verdict on the Final Trading List', async () => {
    const rows = page.getByTestId('final-trading-list').getByTestId('final-row');
    await expect.poll(() => rows.count()).toBe(2);
    const row = (symbol: string) =>
      rows.filter({ has: page.getByRole('cell', { name: symbol, exact: true }) });
    expect(await row(proven).textContent()).toContain('Robust edge');
    expect(await row(unbacktested).textContent()).toContain('Not backtested');
    expect(await row(unbacktested).textContent()).not.toContain('Robust edge');
  });

  it('Begin Trading lists the unbacktested stock, and Cancel does not start the bot', async () => {
    await page.getByRole('button', { name: 'Begin Trading' }).click();
    const dialog = page.getByRole('dialog', { name: 'Trade without evidence?' });
    await dialog.waitFor();
    expect(await dialog.getByTestId('unproven-stock').allTextContents()).toEqual([
      `${unbacktested}Not backtested`,
    ]);
    await screenshot(page, 'trade-evidence-begin-light');
    await setScheme('dark');
    await page.getByRole('button', { name: 'Begin Trading' }).click();
    await dialog.waitFor();
    await screenshot(page, 'trade-evidence-begin-dark');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    // Nothing was sent: the bot stays stopped.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await botState()).toBe('stopped');
  });

  it('"Trade them anyway" starts the bot; the dashboard counts the stocks with evidence', async () => {
    await page.getByRole('button', { name: 'Begin Trading' }).click();
    await page
      .getByRole('dialog', { name: 'Trade without evidence?' })
      .getByRole('button', { name: 'Trade them anyway' })
      .click();
    await page.getByText(ui.tradingBotStarted).first().waitFor({ timeout: 15_000 });
    await page.goto(`${baseUrl()}/dashboard`);
    const line = page.getByTestId('bot-edge-evidence');
    await expect
      .poll(() => line.textContent(), { timeout: 15_000 })
      .toBe('Robust edge in the backtest: 1 of 2 stocks');
    await screenshot(page, 'trade-evidence-dashboard-dark');
    await setScheme('light');
    await line.waitFor();
    await screenshot(page, 'trade-evidence-dashboard-light');
    expect((await postApi('/api/stop', { token: await token() })).status).toBe(200);
  });
});
