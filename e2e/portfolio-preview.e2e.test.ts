import { ui, type TPortfolioBacktestStatus } from '@tradebot/api-contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, downloadedCsv, launchBrowser, screenshot, sql } from './browser.js';
import {
  demoClock,
  demoMarketUser,
  getApi,
  listBusyStocks,
  pageToken,
  testIdText,
} from './demo-trading.js';

/**
 * Know before you trade, in real Chromium on the demo market: a Final Trading List → "Preview
 * the list on one account" → the equity (against buy-and-hold and the market) and drawdown
 * curves, the metrics, the Monte Carlo bands and max-drawdown histogram → the trades download as
 * CSV → Begin Trading's confirmation quotes the risk the preview computed → an admin skips the
 * demo market ahead a few sessions → the dashboard's Live vs backtest panel matches every trade
 * of the bot left alone with its twin, a gap of 0, and its CSV parses. Screenshots at a phone's
 * width, light and dark.
 */
const PASSWORD = 'a long enough passphrase';
const PHONE = { width: 390, height: 844 };
let browser: Browser;
let context: BrowserContext;
let page: Page;
let clock: Awaited<ReturnType<typeof demoClock>>;
let symbols: string[] = [];
let id = '';

const text = (testId: string) => testIdText(page, testId);

beforeAll(async () => {
  browser = await launchBrowser();
  // Each skip waits for the bot's tick, so no session goes by undecided (the twin's exact match).
  clock = await demoClock('previewadmin', PASSWORD, 'previewer');
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
        await screenshot(page, `portfolio-preview-${scheme}-${k + 1}`, {
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

  it('Live vs backtest: every trade of the bot left alone matches its twin, a gap of 0', async () => {
    const closed = async () =>
      Number(
        (
          await sql<{ n: string }>(
            `SELECT count(*) AS n FROM bot_trades t JOIN users u ON u.id = t.user_id
              WHERE u.username = 'previewer'`,
          )
        )[0]?.n ?? 0,
      );
    // The twin compares completed sessions: stop at a time outside New York's trading hours.
    const outsideSession = () => {
      const parts = new Intl.DateTimeFormat('en-US', {
        timeZone: 'America/New_York',
        weekday: 'short',
        hour: 'numeric',
        minute: 'numeric',
        hourCycle: 'h23',
      }).formatToParts(clock.marketTime());
      const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
      const minutes = Number(part('hour')) * 60 + Number(part('minute'));
      return ['Sat', 'Sun'].includes(part('weekday')) || minutes < 570 || minutes >= 960;
    };
    await clock.skipUntil(
      async () => outsideSession() && (await closed()) >= 1,
      'a closed trade and a completed session',
      // Four stocks close a trade less often than the bot journey's eight.
      40,
    );
    const trades = await closed();
    await page.goto(`${baseUrl()}/dashboard`);
    // The twin replays every session since Start: a machine busy with the rest of the suite can
    // take a while to answer.
    await page.getByTestId('twin-matched').first().waitFor({ timeout: 90_000 });
    // The demo clock runs on while the page loads: a trade that closed at the open of a session
    // now under way is compared once that session completes (within a minute at the default
    // speed), and the dashboard asks for the twin again every 60 s.
    await expect.poll(() => text('twin-matched'), { timeout: 150_000 }).toBe(String(trades));
    expect([await text('twin-missed'), await text('twin-extra')]).toEqual(['0', '0']);
    expect(await text('twin-gap')).toBe('$0.00');
    const file = await downloadedCsv(page, () => page.getByTestId('twin-download').click());
    expect(file.filename).toBe('bot-twin.csv');
    const header = file.rows[0] ?? [];
    expect(header.slice(0, 5)).toEqual(['entry_date', 'symbol', 'side', 'status', 'reason']);
    const body = file.rows.slice(1).filter((r) => r.length > 1);
    expect(body).toHaveLength(trades);
    expect(await page.getByTestId('live-twin').locator('tbody tr').count()).toBe(trades);
    const column = (name: string) => body.map((r) => r[header.indexOf(name)]);
    expect(new Set(column('status'))).toEqual(new Set(['matched']));
    expect(new Set(column('gap_total'))).toEqual(new Set(['0']));
    expect(column('live_qty')).toEqual(column('twin_qty'));
    expect(column('live_exit_price')).toEqual(column('twin_exit_price'));
    await screenshot(page, 'preview-live-twin');
  }, 420_000);
});
