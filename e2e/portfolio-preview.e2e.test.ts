import { ui, type TPortfolioBacktestStatus } from '@tradebot/api-contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, downloadedCsv, launchBrowser, sql } from './browser.js';
import { demoMarketUser, getApi, listBusyStocks, pageToken, testIdText } from './demo-trading.js';

/**
 * The portfolio preview on the Trading Settings tab, in real Chromium on the demo market: a
 * Final Trading List → "Preview the list on one account" → the equity (against buy-and-hold and
 * the market) and drawdown curves, the metrics, the Monte Carlo bands and max-drawdown histogram →
 * the trades download as CSV → Begin Trading's confirmation quotes the risk the preview computed.
 * Screenshots at a phone's width, light and dark.
 */
const PASSWORD = 'a long enough passphrase';
const SHOTS = process.env.E2E_SHOTS_DIR ?? 'e2e/screenshots';
const PHONE = { width: 390, height: 844 };
let browser: Browser;
let context: BrowserContext;
let page: Page;
let symbols: string[] = [];
let id = '';

beforeAll(async () => {
  browser = await launchBrowser();
  ({ context, page } = await demoMarketUser(browser, 'previewer', PASSWORD));
}, 60_000);
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

const demoSymbols = async () =>
  (
    await sql<{ symbol: string }>(
      `SELECT symbol FROM companies WHERE source = 'demo' AND symbol !~ '^SCRN'
        ORDER BY symbol LIMIT 4`,
    )
  ).map((row) => row.symbol);

describe('the portfolio preview of the Final Trading List', () => {
  it('shows the list on one account: curves, metrics and the Monte Carlo bands', async () => {
    await expect.poll(demoSymbols, { timeout: 60_000, interval: 1_000 }).toHaveLength(4);
    symbols = await demoSymbols();
    await listBusyStocks(await pageToken(page), symbols);
    await page.goto(`${baseUrl()}/settings?tab=trading`);
    await page.getByTestId('preview-start').click();
    const result = page.getByTestId('preview-result');
    await result.waitFor({ timeout: 90_000 });
    for (const chart of ['preview-equity-chart', 'preview-drawdown-chart', 'preview-bands-chart'])
      await result.getByTestId(chart).locator('canvas').first().waitFor();
    // The market line: the demo market's own index.
    await result.getByText('The market (Demo market index)').waitFor();
    // The max-drawdown histogram with the halt marked.
    const histogram = result.getByTestId('preview-drawdown-histogram');
    // The halt line has no width, so Chromium reports it hidden: attached is what can be awaited.
    await histogram.getByTestId('preview-histogram-halt').waitFor({ state: 'attached' });
    expect(await histogram.locator('rect').count()).toBeGreaterThan(5);
    expect(await histogram.getByText('Halt 20 %').count()).toBe(1);
    const metrics = await result.getByTestId('preview-metrics').textContent();
    for (const name of ['CAGR', 'Sharpe', 'Sortino', 'Calmar', 'Profit factor', 'Win rate'])
      expect(metrics).toContain(name);
    expect(await testIdText(page, 'preview-risk-method')).toContain(ui.monteCarloMethod);
    expect(await testIdText(page, 'preview-risk-quote')).toMatch(
      /^In 1 year, 1 path in 20 ends below \$[\d,]+; the halt at 20 % is hit in [\d.]+ % of paths\.$/,
    );
  }, 180_000);

  it('downloads the trades as CSV, one row per row of the table', async () => {
    const rows = await page.getByTestId('preview-trade').count();
    const file = await downloadedCsv(page, () =>
      page.getByTestId('preview-trades-download').click(),
    );
    id = file.filename.replace(/-trades\.csv$/, '');
    expect(id).toMatch(/^portfolio-\d+-[0-9a-f-]{36}$/);
    expect(file.rows[0]).toEqual([
      'entry_date',
      'exit_date',
      'symbol',
      'side',
      'quantity',
      'entry_price',
      'exit_price',
      'fees',
      'pnl',
      'net_pnl',
      'exit_reason',
    ]);
    const trades = file.rows.slice(1);
    expect(trades.length).toBe(rows);
    expect(rows).toBeGreaterThan(0);
    const preview = await getApi<TPortfolioBacktestStatus>(page, `/api/portfolio/backtest/${id}`);
    const net = trades.reduce((sum, t) => sum + Number(t[9]), 0);
    expect(net).toBeCloseTo(preview.result!.final_equity - preview.result!.initial_cash, 4);
    for (const trade of trades) {
      expect(symbols).toContain(trade[2]);
      expect(trade[0]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(Number.isFinite(Number(trade[5]))).toBe(true);
    }
  }, 60_000);

  it('fits a phone, light and dark', async () => {
    await page.setViewportSize(PHONE);
    // Each switch rebuilds the charts at the phone's width, as a phone would first draw them.
    for (const scheme of ['dark', 'light'] as const) {
      // As another tab switching the theme would: the app follows the stored scheme.
      await page.evaluate((value) => {
        localStorage.setItem('tradebot-color-scheme', value);
        window.dispatchEvent(
          new StorageEvent('storage', {
            key: 'tradebot-color-scheme',
            newValue: value,
            storageArea: localStorage,
          }),
        );
      }, scheme);
      await page.waitForTimeout(500);
      expect(await page.evaluate(() => document.documentElement.dataset.mantineColorScheme)).toBe(
        scheme,
      );
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
      // The result in screen-high slices, the fixed header hidden so it does not cover them.
      const box = (await page.getByTestId('preview-result').boundingBox())!;
      const scroll = await page.evaluate(() => window.scrollY);
      const top = box.y + scroll;
      for (let k = 0; k * 1200 < Math.min(box.height, 3600); k++)
        await page.screenshot({
          path: `${SHOTS}/portfolio-preview-${scheme}-${k + 1}.png`,
          fullPage: true,
          clip: { x: 0, y: top + k * 1200, width: PHONE.width, height: 1200 },
          style: '.app-header { visibility: hidden; }',
        });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  }, 60_000);

  it("quotes the preview's risk in Begin Trading's confirmation", async () => {
    const preview = await getApi<TPortfolioBacktestStatus>(page, `/api/portfolio/backtest/${id}`);
    const risk = preview.result!.monte_carlo;
    if (!risk.ok) throw new Error(risk.error);
    const below = `$${Math.round(risk.final_equity.p5).toLocaleString('en-US')}`;
    await page.getByRole('button', { name: 'Begin Trading' }).click();
    await page.getByRole('dialog', { name: 'Trade without evidence?' }).waitFor();
    await page.getByRole('button', { name: 'Trade them anyway' }).click();
    const dialog = page.getByRole('dialog', { name: 'Begin trading?' });
    await dialog.waitFor();
    const quote = await dialog.getByTestId('begin-risk').textContent();
    expect(quote).toContain(`In 1 year, 1 path in 20 ends below ${below};`);
    expect(quote).toContain('the halt at 20 % is hit in');
    await dialog.getByRole('button', { name: 'Begin Trading' }).click();
    await page.getByText(ui.tradingBotStarted).first().waitFor({ timeout: 15_000 });
  }, 60_000);
});
