import { ui } from '@tradebot/api-contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseUrl,
  chooseDemoMarket,
  freshCode,
  launchBrowser,
  logInThroughUi,
  screenshot,
  signUpByApi,
  sql,
} from './browser.js';

/**
 * The strategy settings journey in real Chromium against the real API and worker, on the demo market: screen
 * → save three stocks to the backtesting list → run the backtester and watch progress reach 3 of
 * 3 → open one stock's detail chart → batch edit → save two to the Final Trading List through the
 * confirm dialog → Undo restores them → save again → reload and the lists persist.
 */
const PASSWORD = 'a long enough passphrase';
let browser: Browser;
let context: BrowserContext;
let page: Page;
let chosen: string[] = [];

const token = () => page.evaluate(() => localStorage.getItem('authToken') ?? '');
async function getApi<T>(path: string): Promise<T> {
  const response = await fetch(`${baseUrl()}${path}`, {
    headers: { authorization: `Bearer ${await token()}` },
  });
  return (await response.json()) as T;
}
const rowsOf = (testId: string) => page.getByTestId(testId).locator('tbody tr');

beforeAll(async () => {
  browser = await launchBrowser();
  const secret = await signUpByApi('flowuser', PASSWORD);
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  await logInThroughUi(page, 'flowuser', PASSWORD, (await freshCode(secret)).code);
  await page.waitForURL('**/account-settings', { timeout: 15_000 });
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('the strategy settings flow on the demo market', () => {
  it('starts on the demo market once its metrics are refreshed', async () => {
    await chooseDemoMarket(page);
    // The worker refreshes the demo universe's metrics at start; the screen needs them.
    await expect
      .poll(
        async () =>
          (
            await sql<{ n: number }>(
              `SELECT count(*)::int AS n FROM stock_metrics m JOIN companies c ON c.id = m.company_id
             WHERE c.source = 'demo' AND c.symbol !~ '^SCRN' AND m.rsi IS NOT NULL`,
            )
          )[0]?.n ?? 0,
        { timeout: 60_000, interval: 1_000 },
      )
      .toBeGreaterThan(100);
  }, 90_000);

  it('screens and saves three stocks to the backtesting list', async () => {
    await page.goto(`${baseUrl()}/settings`);
    await page.getByTestId('screener-empty').waitFor({ timeout: 15_000 });
    // Wide criteria, so the demo universe's own listings pass.
    for (const [key, value] of [
      ['max_rsi', '100'],
      ['min_atr_percent', '0'],
      ['min_average_volume', '0'],
      ['min_beta', '0'],
      ['max_beta', '10'],
    ] as const)
      await page.getByTestId(`criterion-${key}`).fill(value);
    await page.getByTestId('run-screener').click();
    await page.getByTestId('screener-results').waitFor({ timeout: 35_000 });
    const symbols = await page
      .getByTestId('screener-row')
      .locator('td:nth-child(3)')
      .allTextContents();
    chosen = symbols.filter((symbol) => !symbol.startsWith('SCRN')).slice(0, 3);
    expect(chosen).toHaveLength(3);
    for (const symbol of chosen)
      await page.getByRole('checkbox', { name: `Select ${symbol}`, exact: true }).check();
    await page.getByTestId('save-backtest').click();
    await page.getByText(ui.savedForBacktesting(3)).waitFor();
  });

  it('runs the backtester, shows progress to 3 of 3 and moves on to the Trading tab', async () => {
    await page.getByRole('tab', { name: 'Backtesting' }).click();
    await expect.poll(() => rowsOf('backtesting-list').count(), { timeout: 10_000 }).toBe(3);
    await page.getByRole('button', { name: 'Run Backtester' }).click();
    await page.getByText(ui.backtestsQueued(3)).waitFor();
    await expect
      .poll(() => page.getByTestId('backtest-progress').textContent(), { timeout: 120_000 })
      .toContain('3 of 3');
    // The results moved to Optimized Parameters and the view switched to the Trading tab.
    await page.getByTestId('optimized-parameters').waitFor({ timeout: 15_000 });
    expect(
      await page.getByRole('tab', { name: 'Trading Settings' }).getAttribute('aria-selected'),
    ).toBe('true');
    await expect.poll(() => rowsOf('optimized-parameters').count()).toBe(3);
    const notifications = await getApi<{ message: string; status: string }[]>('/api/notifications');
    for (const symbol of chosen)
      expect(notifications).toContainEqual(
        expect.objectContaining({ message: ui.backtestCompleted(symbol), status: 'completed' }),
      );
    const list = await getApi<{ symbols: string[] }>('/api/backtest/stocks');
    expect(list.symbols).toEqual([]);
  });

  it('opens one stock’s backtest with its charts and verdict', async () => {
    const symbol = chosen[0] as string;
    await page.getByRole('button', { name: `Details ${symbol}`, exact: true }).click();
    const detail = page.getByRole('dialog');
    await detail.getByTestId('backtest-verdict').waitFor({ timeout: 15_000 });
    // The data it ran on: the demo market, the bars read and the tested window.
    expect(await detail.getByTestId('backtest-data').textContent()).toMatch(
      /^Data: demo market, \d{4}-\d\d-\d\d → \d{4}-\d\d-\d\d \(tested \d{4}-\d\d-\d\d → \d{4}-\d\d-\d\d\)$/,
    );
    // lightweight-charts draws on canvases: the equity and the price chart.
    await expect
      .poll(() => detail.locator('canvas').count(), { timeout: 10_000 })
      .toBeGreaterThan(1);
    await screenshot(page, 'backtest-detail-light');
    // Buy-and-hold can be hidden so the strategies' curves fill the chart.
    const hold = detail.getByRole('switch', { name: 'Show buy and hold' });
    await hold.dispatchEvent('click');
    expect(await hold.isChecked()).toBe(false);
    await screenshot(detail.getByTestId('equity-chart'), 'equity-no-hold');
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'hidden' });
  });

  it('applies a batch edit, saves two to the Final Trading List, undoes and saves again', async () => {
    await page.getByRole('button', { name: 'Show batch edit' }).click();
    const batch = page.getByTestId('batch-edit');
    const apply = batch.getByRole('button', { name: 'Apply Batch Edit' });
    expect(await apply.isDisabled()).toBe(true);
    await batch.getByTestId('batch-stop_loss_percentage').fill('3.5');
    await apply.click();
    await page.getByText(ui.batchEditApplied).waitFor();

    const [first, second, third] = chosen as [string, string, string];
    await page.getByRole('checkbox', { name: `Select ${first}`, exact: true }).check();
    await page.getByRole('checkbox', { name: `Select ${second}`, exact: true }).check();
    await page.getByRole('button', { name: 'Save to Final Trading List' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm Save' });
    // Stocks whose backtest found no robust edge are named, and the button says so.
    await confirm.getByRole('button', { name: /^(Confirm|Trade them anyway)$/ }).click();
    await page.getByText(ui.movedToFinalList(2)).first().waitFor();
    await expect.poll(() => rowsOf('final-trading-list').count(), { timeout: 15_000 }).toBe(2);
    await expect.poll(() => rowsOf('optimized-parameters').count()).toBe(1);
    // The batch edit travelled with the move.
    const final = await getApi<{ symbol: string; stop_loss_percentage: number }[]>(
      '/api/get-final-trading-config',
    );
    expect(final.map((entry) => [entry.symbol, entry.stop_loss_percentage])).toEqual(
      [first, second].sort().map((symbol) => [symbol, 3.5]),
    );

    await page.getByRole('button', { name: 'Undo' }).click();
    await page.getByText(ui.undoSuccessful(2)).waitFor();
    await page.getByText(ui.noTradingStocks).waitFor();
    await expect.poll(() => rowsOf('optimized-parameters').count()).toBe(3);
    expect(await page.getByRole('button', { name: 'Undo' }).count()).toBe(0);

    await page.getByRole('checkbox', { name: `Select ${first}`, exact: true }).check();
    await page.getByRole('checkbox', { name: `Select ${third}`, exact: true }).check();
    await page.getByRole('button', { name: 'Save to Final Trading List' }).click();
    await page
      .getByRole('dialog', { name: 'Confirm Save' })
      .getByRole('button', { name: /^(Confirm|Trade them anyway)$/ })
      .click();
    await page.getByText(ui.movedToFinalList(2)).first().waitFor();
    await expect.poll(() => rowsOf('final-trading-list').count(), { timeout: 15_000 }).toBe(2);
    await screenshot(page, 'settings-trading-light');
  });

  it('keeps both lists after a reload', async () => {
    await page.reload();
    await page.getByTestId('final-trading-list').waitFor({ timeout: 15_000 });
    const [first, second, third] = chosen as [string, string, string];
    await expect.poll(() => rowsOf('final-trading-list').count(), { timeout: 10_000 }).toBe(2);
    const finalText = (await page.getByTestId('final-trading-list').textContent()) ?? '';
    expect(finalText).toContain(first);
    expect(finalText).toContain(third);
    expect(finalText).not.toContain(second);
    expect(await page.getByTestId('optimized-parameters').textContent()).toContain(second);

    await page.getByRole('button', { name: 'Begin Trading' }).click();
    // A stock without a robust edge is named first; the answer is to trade it anyway.
    const anyway = page.getByRole('button', { name: 'Trade them anyway' });
    const started = page.getByText(ui.tradingBotStarted);
    await anyway.or(started).first().waitFor({ timeout: 15_000 });
    if (await anyway.isVisible()) await anyway.click();
    await started.waitFor({ timeout: 15_000 });
  });

  it('reads well in dark theme and at phone width', async () => {
    await page.evaluate(() => localStorage.setItem('tradebot-color-scheme', 'dark'));
    await page.reload();
    await page.getByTestId('final-trading-list').waitFor({ timeout: 15_000 });
    await screenshot(page, 'settings-trading-dark');
    await page.evaluate(() => localStorage.setItem('tradebot-color-scheme', 'light'));
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.getByTestId('final-trading-list').waitFor({ timeout: 15_000 });
    await screenshot(page, 'settings-trading-phone');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(overflow).toBeLessThanOrEqual(390);
  });
});
