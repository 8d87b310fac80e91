import { ui } from '@tradebot/api-contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseUrl,
  chooseDemoMarket,
  downloadedCsv,
  freshCode,
  launchBrowser,
  logInThroughUi,
  postApi,
  screenshot,
  signUpByApi,
  sql,
} from './browser.js';

/**
 * The Backtesting tab and the backtest detail view in real Chromium on the demo market: Remove
 * Selected asks first, Run Backtester queues one job per stock, a reload mid-batch still shows
 * the batch, the page moves on to the Trading tab at the end (and the tab survives a reload),
 * and one stock's detail shows its verdict and charts in light, dark and at phone width.
 */
const PASSWORD = 'a long enough passphrase';
let browser: Browser;
let context: BrowserContext;
let page: Page;
let symbols: string[] = [];

const rows = () => page.getByTestId('backtesting-list').locator('tbody tr');

beforeAll(async () => {
  browser = await launchBrowser();
  const secret = await signUpByApi('btuser', PASSWORD);
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  await logInThroughUi(page, 'btuser', PASSWORD, (await freshCode(secret)).code);
  await page.waitForURL('**/account-settings', { timeout: 15_000 });
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('the Backtesting tab', () => {
  it('starts on the demo market with four stocks in the backtesting list', async () => {
    await chooseDemoMarket(page);
    // The worker writes the demo universe at start.
    const demoSymbols = async () =>
      (
        await sql<{ symbol: string }>(
          `SELECT symbol FROM companies WHERE source = 'demo' AND symbol !~ '^SCRN'
           ORDER BY symbol LIMIT 4`,
        )
      ).map((r) => r.symbol);
    await expect.poll(demoSymbols, { timeout: 60_000, interval: 1_000 }).toHaveLength(4);
    symbols = await demoSymbols();
    const token = await page.evaluate(() => localStorage.getItem('authToken') ?? '');
    const saved = await postApi('/api/backtest/stocks', { json: { symbols }, token });
    expect(saved.status).toBe(200);
  }, 120_000);

  it('removes a selected stock after confirmation', async () => {
    await page.goto(`${baseUrl()}/settings?tab=backtesting`);
    await expect.poll(() => rows().count(), { timeout: 15_000 }).toBe(4);
    const dropped = symbols[3] as string;
    await page.getByRole('checkbox', { name: `Select ${dropped}`, exact: true }).check();
    await page.getByRole('button', { name: 'Remove Selected' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove from the backtesting list?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    expect(await rows().count()).toBe(4);
    await page.getByRole('button', { name: 'Remove Selected' }).click();
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await page.getByText(ui.removedFromBacktestingList).waitFor();
    await expect.poll(() => rows().count()).toBe(3);
    symbols = symbols.slice(0, 3);
  });

  it('runs the backtester, survives a reload mid-batch and moves on to the Trading tab', async () => {
    await page.getByRole('button', { name: 'Run Backtester' }).click();
    await page.getByText(ui.backtestsQueued(3)).waitFor();
    await page.getByTestId('backtest-progress').waitFor();
    expect(await page.getByTestId('backtest-progress').textContent()).toMatch(/of 3 completed/);
    await screenshot(page, 'backtesting-running-light');
    // A reload mid-batch (here into dark theme at phone width): still on the Backtesting tab
    // (the address keeps it) and the batch is still shown.
    await page.evaluate(() => localStorage.setItem('tradebot-color-scheme', 'dark'));
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.getByTestId('backtest-progress').waitFor({ timeout: 15_000 });
    await screenshot(page, 'backtesting-running-dark-phone');
    await page.evaluate(() => localStorage.setItem('tradebot-color-scheme', 'light'));
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.reload();
    await page.getByTestId('backtest-progress').waitFor({ timeout: 15_000 });
    await expect
      .poll(() => page.getByTestId('backtest-progress').textContent(), { timeout: 180_000 })
      .toContain('3 of 3 completed');
    await screenshot(page, 'backtesting-done-light');
    await page.getByRole('tab', { name: 'Trading Settings', selected: true }).waitFor();
    expect(page.url()).toContain('/settings?tab=trading');
    await page.reload();
    await page.getByRole('tab', { name: 'Trading Settings', selected: true }).waitFor();
  });

  it('shows the empty state once the list is empty', async () => {
    await page.getByRole('tab', { name: 'Backtesting' }).click();
    await page.getByTestId('backtesting-empty').waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Run Backtester' }).click();
    await page.getByText(ui.noStocksInBacktestingList, { exact: true }).waitFor();
    expect(await page.getByTestId('backtest-progress').textContent()).toContain('3 of 3');
  });
});

describe('the backtest detail view', () => {
  /** Opens the first stock's detail at this viewport; tall, so the whole modal is in the picture. */
  const open = async (width: number, height: number) => {
    await page.setViewportSize({ width, height });
    await page.goto(`${baseUrl()}/settings?tab=trading`);
    await page.getByRole('button', { name: `Details ${symbols[0]}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('backtest-verdict').waitFor({ timeout: 15_000 });
    await expect
      .poll(() => dialog.locator('canvas').count(), { timeout: 10_000 })
      .toBeGreaterThan(1);
    // No crosshair in the picture.
    await page.mouse.move(0, 0);
    return dialog;
  };
  const close = async () => {
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
  };

  it('shows the verdict, charts, figures, trades and parameters', async () => {
    const dialog = await open(1280, 2600);
    const verdict = (await dialog.getByTestId('backtest-verdict').textContent()) ?? '';
    expect(verdict.length).toBeGreaterThan(20);
    for (const id of ['out-of-sample', 'in-sample', 'figures-table', 'parameters-table'])
      expect(await dialog.getByTestId(id).count()).toBe(1);
    // One plain line for each profit, and the deflated Sharpe said the right way round.
    const lines = dialog.getByTestId('profit-lines');
    expect(await lines.locator('[data-testid^="profit-line-"]').count()).toBe(3);
    expect(await lines.textContent()).toMatch(/Out of sample.*Training window.*Whole window/);
    expect(await dialog.getByTestId('deflated-sharpe-note').textContent()).toContain(
      'measured on the training window, not out of sample',
    );
    expect(await dialog.textContent()).not.toMatch(/beats the best of \d+ tries by luck/);
    // The robustness map: a row per searched parameter, the 5 × 5 heatmap, and the finding, which
    // the verdict repeats when the set is fragile.
    const map = dialog.getByTestId('robustness-map');
    expect(await map.getByTestId('robustness-table').locator('tr[data-param]').count()).toBe(14);
    await map.getByTestId('robustness-heatmap').waitFor({ timeout: 10_000 });
    expect(await map.getByTestId('robustness-cell').count()).toBe(25);
    const finding = (await map.getByTestId('robustness-finding').textContent()) ?? '';
    expect(finding).toMatch(/^(Fragile: one step of .+ turns|Not fragile)/);
    expect(await map.getByTestId('robustness-explain').textContent()).toContain(
      'out-of-sample profit',
    );
    expect(verdict.includes('fragile')).toBe(finding.startsWith('Fragile'));
    await screenshot(dialog, 'detail-light');
    // Download CSV saves the trades table's round trips, one row each, in the table's order.
    const table = dialog.getByTestId('trades-table').locator('tbody tr');
    const file = await downloadedCsv(page, () =>
      dialog.getByTestId('backtest-trades-download').click(),
    );
    expect(file.filename).toBe(`backtest-trades-${symbols[0]}.csv`);
    expect(file.rows[0]).toEqual([
      'entry_date',
      'exit_date',
      'side',
      'entry_price',
      'exit_price',
      'quantity',
      'net_pnl',
      'exit_reason',
    ]);
    const trades = file.rows.slice(1);
    expect(trades.length).toBe(await table.count());
    for (const [i, trade] of trades.slice(0, 3).entries()) {
      expect(trade[0]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(trade[6]).toMatch(/^-?\d+(\.\d+)?$/);
      const cells = await table.nth(i).locator('td').allTextContents();
      expect(cells.slice(0, 2)).toEqual(trade.slice(0, 2));
    }
    await close();
  });

  it('reads well in dark theme and full screen at phone width', async () => {
    await page.evaluate(() => localStorage.setItem('tradebot-color-scheme', 'dark'));
    await screenshot(await open(1280, 2600), 'detail-dark', { settleMs: 500 });
    await close();
    const dialog = await open(390, 4200);
    // The charts drawn at the phone's width before anything is measured.
    await page.waitForTimeout(500);
    await screenshot(dialog, 'detail-dark-phone');
    // On failure, the message names what sticks out past the screen's right edge.
    const overflow = await dialog.evaluate((el) => ({
      width: el.scrollWidth,
      past: Array.from(el.querySelectorAll('*'))
        .filter((child) => child.getBoundingClientRect().right > 390)
        .slice(0, 5)
        .map((child) => `${child.tagName.toLowerCase()}.${child.getAttribute('class') ?? ''}`),
    }));
    expect(overflow.width, overflow.past.join(' | ')).toBeLessThanOrEqual(390);
    await close();
    await page.evaluate(() => localStorage.setItem('tradebot-color-scheme', 'light'));
    await screenshot(await open(390, 4200), 'detail-light-phone', { settleMs: 500 });
    await close();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${baseUrl()}/settings?tab=backtesting`);
    await page.getByTestId('backtest-progress').waitFor({ timeout: 15_000 });
    await screenshot(page, 'backtesting-after-phone');
    await page.evaluate(() => localStorage.setItem('tradebot-color-scheme', 'dark'));
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.reload();
    await page.getByTestId('backtest-progress').waitFor({ timeout: 15_000 });
    await screenshot(page, 'backtesting-after-dark');
  });
});
