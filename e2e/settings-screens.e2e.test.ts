import { server, ui } from '@tradebot/api-contract';
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
 * The strategy settings screens as a user meets them: a criteria refusal naming the criteria as
 * the form does, ATR % in the screen results, saves to the Backtesting List and to Optimized
 * Parameters that go through for all but a stock on the Final Trading List, the summary counts
 * after a save, the selections and unsaved table edits kept across tabs, percent inputs, an invalid table value blocking
 * the save, the removal toast; then the dashboard charts with one closed trade and fills near
 * the last bar.
 */
const PASSWORD = 'a long enough passphrase';
let browser: Browser;
let context: BrowserContext;
let page: Page;
let token = '';

async function seedListings() {
  // SSET00..SSET05: all pass the default criteria; ATR is 5 % of the price for each.
  for (let i = 0; i < 6; i++) {
    const symbol = `SSET${String(i).padStart(2, '0')}`;
    const price = 40 + i;
    const [company] = await sql<{ id: number }>(
      `INSERT INTO companies (source, symbol, company_name, domain, price, market_cap, updated_at)
       VALUES ('demo', $1, $2, $3, $4, 1e9, now()) RETURNING id`,
      [symbol, `Settings Test ${i}`, `sset${i}.example`, price],
    );
    await sql(
      `INSERT INTO stock_metrics (company_id, as_of, last_price, rsi, atr, atr_percent, macd,
         average_volume, beta, refreshed_at)
       VALUES ($1, now(), $2, 40, $3, 5, 0.1, 900000, 1.6, now())`,
      [company!.id, price, price * 0.05],
    );
  }
}

const post = (path: string, json: unknown) => postApi(path, { json, token });
const checkbox = (symbol: string) => page.getByRole('checkbox', { name: `Select ${symbol}` });
const summary = async () => (await page.getByTestId('screener-summary').textContent()) ?? '';
const ourRows = async () =>
  (await page.getByTestId('screener-row').locator('td:nth-child(3)').allTextContents()).filter(
    (s) => s.startsWith('SSET'),
  );

beforeAll(async () => {
  browser = await launchBrowser();
  await seedListings();
  const secret = await signUpByApi('setscreens', PASSWORD);
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  await logInThroughUi(page, 'setscreens', PASSWORD, (await freshCode(secret)).code);
  await page.waitForURL('**/account-settings', { timeout: 15_000 });
  await chooseDemoMarket(page);
  token = await page.evaluate(() => localStorage.getItem('authToken') ?? '');
  // SSET02 is on the Final Trading List; SSET05 waits in Optimized Parameters.
  const saved = await post('/api/save-to-optimized-parameters', { symbols: ['SSET02', 'SSET05'] });
  expect(saved.status).toBe(200);
  expect((await post('/api/select-for-trading', { symbols: ['SSET02'] })).status).toBe(200);
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

/** The Optimized Parameters table scrolled to its inputs, as a phone shows it. */
async function shootEditableCells(scheme: string) {
  const table = page.getByTestId('optimized-parameters');
  const scrolled = await table.evaluate((element) => {
    element.scrollIntoView({ block: 'center' });
    let box = element.parentElement;
    while (box && !['auto', 'scroll'].includes(getComputedStyle(box).overflowX))
      box = box.parentElement;
    if (box) box.scrollLeft = 480;
    return box?.scrollLeft ?? 0;
  });
  expect(scrolled).toBeGreaterThan(0);
  await screenshot(page, `settings-trading-cells-phone-${scheme}`, { fullPage: false });
}

describe('strategy settings screens', () => {
  it('refuses criteria that cannot pass naming them as the form labels them', async () => {
    await page.goto(`${baseUrl()}/settings`);
    await page.getByTestId('criterion-min_beta').fill('3');
    await page.getByTestId('criterion-max_beta').fill('2');
    await page.getByTestId('run-screener').click();
    // The server's refusal, as the screen shows it: labels, not field names.
    await page.getByText(server.screeningBetaRange, { exact: true }).waitFor();
    expect(server.screeningBetaRange).toBe('Min beta must not be greater than Max beta.');
    await page.getByTestId('criterion-min_beta').fill('1.2');
    await page.getByTestId('criterion-max_beta').fill('5');
  });

  it('shows ATR % and saves all but the stock on the Final Trading List, keeping it ticked', async () => {
    await page.getByTestId('run-screener').click();
    await page.getByTestId('screener-results').waitFor({ timeout: 35_000 });
    expect(await page.getByRole('columnheader', { name: 'ATR %' }).count()).toBe(1);
    const row = page.getByTestId('screener-row').filter({ hasText: 'SSET01' });
    expect(await row.getByTestId('atr-percent').textContent()).toBe('5.00');

    const passed = await page.getByTestId('screener-row').count();
    expect(await summary()).toMatch(new RegExp(`^${passed} of \\d+ stocks passed`));
    expect(await summary()).not.toContain('saved');

    for (const symbol of ['SSET01', 'SSET02', 'SSET03']) await checkbox(symbol).check();
    await page.getByTestId('save-backtest').click();
    await page.getByText(ui.savedForBacktesting(2), { exact: true }).waitFor();
    await page.getByText(server.skippedOnFinalList(['SSET02'])).waitFor();
    // The saved stocks leave the results; the one not saved stays, still ticked.
    await expect.poll(ourRows).toEqual(['SSET00', 'SSET02', 'SSET04', 'SSET05']);
    expect(await checkbox('SSET02').isChecked()).toBe(true);
    // The line over the results counts what is shown: all that passed, two saved, the rest shown.
    const shown = await page.getByTestId('screener-row').count();
    expect(shown).toBe(passed - 2);
    expect(await summary()).toMatch(
      new RegExp(
        `^${passed} of \\d+ stocks passed.*; 2 saved to the Backtesting List, ${shown} shown\\.`,
      ),
    );
    await screenshot(page, 'settings-screening-partial-save-light');

    await checkbox('SSET04').check();
    await page.getByRole('tab', { name: 'Backtesting' }).click();
    await expect
      .poll(() => page.getByTestId('backtesting-list').textContent(), { timeout: 10_000 })
      .toContain('SSET03');
    await page.getByRole('tab', { name: 'Stock Screening' }).click();
    await page.getByTestId('screener-results').waitFor();
    expect(await checkbox('SSET04').isChecked()).toBe(true);
    expect(await checkbox('SSET02').isChecked()).toBe(true);
  });

  it('saves all but the stock on the Final Trading List to Optimized Parameters, naming it', async () => {
    // The last save's toasts go first, so the ones of this save are the ones found.
    await page.getByText(server.skippedOnFinalList(['SSET02'])).waitFor({ state: 'hidden' });
    await checkbox('SSET00').check();
    await page.getByTestId('save-optimized').click();
    await page.getByText(ui.savedToOptimized(2), { exact: true }).waitFor();
    await page.getByText(server.skippedOnFinalList(['SSET02'])).waitFor();
    // The stocks stay in the results with their ticks, ready for the other save.
    for (const symbol of ['SSET00', 'SSET02', 'SSET04'])
      expect(await checkbox(symbol).isChecked(), symbol).toBe(true);
    const output = await fetch(`${baseUrl()}/api/get-backtester-output`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const saved = (await output.json()) as { best_parameters: Record<string, unknown> };
    expect(Object.keys(saved.best_parameters).sort()).toEqual(['SSET00', 'SSET04', 'SSET05']);
    await screenshot(page, 'settings-screening-optimized-partial-light');
    // Back as it was for the Trading Settings steps: SSET05 alone in Optimized Parameters.
    const removed = await post('/api/remove-from-best-parameters', {
      symbols: ['SSET00', 'SSET04'],
    });
    expect(removed.status).toBe(200);
  });

  it('shows the fraction settings in percent, with the unit, and saves them as fractions', async () => {
    await page.getByRole('tab', { name: 'Backtesting' }).click();
    // A ticked stock of the backtesting list stays ticked over a look at another tab.
    await checkbox('SSET03').check();
    await page.getByRole('tab', { name: 'Trading Settings' }).click();
    await page.getByTestId('general-trading-settings').waitFor();
    await page.getByRole('tab', { name: 'Backtesting' }).click();
    expect(await checkbox('SSET03').isChecked()).toBe(true);
    expect(await checkbox('SSET01').isChecked()).toBe(false);
    const risk = page.getByTestId('backtest-setting-risk_per_trade');
    expect(await risk.inputValue()).toBe('2');
    expect(await page.getByText('Risk per trade (% of equity)').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('backtest-setting-trailing_stop_pct').inputValue()).toBe('2');
    await risk.fill('1.5');
    await page.getByTestId('save-backtest-settings').click();
    await page.getByText(ui.backtestSettingsSaved).waitFor();
    const saved = await fetch(`${baseUrl()}/api/backtest/settings`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(((await saved.json()) as { risk_per_trade: number }).risk_per_trade).toBe(0.015);
    await screenshot(page, 'settings-backtesting-percent-light');

    await page.getByRole('tab', { name: 'Trading Settings' }).click();
    const general = page.getByTestId('general-trading-settings');
    await general.getByRole('button', { name: 'Show' }).click();
    expect(await page.getByTestId('trading-setting-risk_percentage').inputValue()).toBe('2');
    expect(await page.getByTestId('trading-setting-max_drawdown').inputValue()).toBe('20');
    expect(await page.getByLabel('Risk per trade (% of equity) SSET05').inputValue()).toBe('2');
    await general.getByRole('button', { name: 'Hide' }).click();
  });

  it('keeps the Optimized Parameters ticks and unsaved edits over a tab switch', async () => {
    await checkbox('SSET05').check();
    const period = () => page.getByLabel('RSI period (days) SSET05');
    const crossunder = () => page.getByLabel('MACD crossunder SSET05');
    expect(await period().inputValue()).toBe('14');
    expect(await crossunder().isChecked()).toBe(true);
    await period().fill('10');
    await crossunder().uncheck();
    await page.getByRole('tab', { name: 'Stock Screening' }).click();
    await page.getByTestId('screener-results').waitFor();
    await page.getByRole('tab', { name: 'Trading Settings' }).click();
    await page.getByTestId('optimized-parameters').waitFor();
    expect(await checkbox('SSET05').isChecked()).toBe(true);
    expect(await period().inputValue()).toBe('10');
    expect(await crossunder().isChecked()).toBe(false);
    const row = page.getByTestId('optimized-row').filter({ hasText: 'SSET05' });
    expect(await row.getByText('edited', { exact: true }).count()).toBe(1);
  });

  it('blocks Save to Final Trading List while a value is invalid, naming the column', async () => {
    const rsi = page.getByLabel('RSI buy threshold SSET05');
    await rsi.fill('150');
    const problem = page.getByTestId('optimized-invalid');
    await problem.waitFor();
    expect(await problem.textContent()).toContain(
      'SSET05: RSI buy threshold must be a number from 0 to 100.',
    );
    expect(await problem.textContent()).not.toContain('rsi_buy_threshold');
    const save = page.getByRole('button', { name: 'Save to Final Trading List' });
    expect(await save.isDisabled()).toBe(true);
    await screenshot(page, 'settings-trading-invalid-light');

    await rsi.fill('35');
    await expect.poll(() => problem.count()).toBe(0);
    await save.click();
    const confirm = page.getByRole('dialog', { name: 'Confirm Save' });
    await confirm.getByRole('button', { name: /^(Confirm|Trade them anyway)$/ }).click();
    await page.getByText(ui.movedToFinalList(1)).waitFor();
    expect(ui.movedToFinalList(1)).toBe('Moved 1 stock to Final Trading List.');
    // Saved with the edits made before the tab switch as well as this one.
    const config = await fetch(`${baseUrl()}/api/get-final-trading-config`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const entries = (await config.json()) as Record<string, unknown>[];
    expect(entries.find((entry) => entry.symbol === 'SSET05')).toMatchObject({
      rsi_period: 10,
      rsi_buy_threshold: 35,
      macd_crossunder: false,
    });
  });

  it("says '{symbol} removed from Final Trading List.' on removing a row", async () => {
    await page.getByRole('button', { name: 'Remove SSET02' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await page.getByText(ui.removedFromFinalList('SSET02')).waitFor();
    await screenshot(page, 'settings-trading-light');
  });

  it('reads well in dark theme and at phone width', async () => {
    await page.evaluate(() => localStorage.setItem('tradebot-color-scheme', 'dark'));
    await page.goto(`${baseUrl()}/settings?tab=trading`);
    await page.getByText('Final Trading List').first().waitFor();
    await screenshot(page, 'settings-trading-dark');
    await page.goto(`${baseUrl()}/settings`);
    await page.getByTestId('screener-results').waitFor({ timeout: 15_000 });
    await screenshot(page, 'settings-screening-partial-dark');
    // Two stocks in Optimized Parameters, so the phone shots show its table with rows.
    const saved = await post('/api/save-to-optimized-parameters', {
      symbols: ['SSET00', 'SSET01'],
    });
    expect(saved.status).toBe(200);
    await page.setViewportSize({ width: 390, height: 844 });
    // What each tab shows once loaded (a shot of its loader would check nothing).
    const loaded = {
      screening: 'screener-results',
      backtesting: 'backtesting-list',
      trading: 'optimized-parameters',
    };
    for (const scheme of ['dark', 'light'])
      for (const [tab, testId] of Object.entries(loaded)) {
        await page.evaluate((s) => localStorage.setItem('tradebot-color-scheme', s), scheme);
        await page.goto(`${baseUrl()}/settings?tab=${tab}`);
        await page.getByTestId(testId).waitFor({ timeout: 15_000 });
        await page.waitForTimeout(300);
        await screenshot(page, `settings-${tab}-units-phone${scheme === 'dark' ? '-dark' : ''}`);
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(width, `${tab} (${scheme})`).toBeLessThanOrEqual(390);
        if (tab === 'trading') await shootEditableCells(scheme);
      }
    await page.setViewportSize({ width: 1280, height: 900 });
  });
});

/** 60 daily bars ending 2026-03-27, and a performance of one closed trade (+$9). */
const DAY = 86_400_000;
const barDay = (i: number) => new Date(Date.parse('2026-01-27T12:00:00Z') + i * DAY);
const chartBars = Array.from({ length: 60 }, (_, i) => {
  const open = 100 + Math.sin(i / 5) * 4;
  const close = open + Math.cos(i / 3);
  return {
    time: barDay(i).toISOString().slice(0, 10),
    open,
    close,
    high: Math.max(open, close) + 0.6,
    low: Math.min(open, close) - 0.6,
  };
});
const fill = (i: number, side: 'buy' | 'sell', qty: number) => ({
  time: `${barDay(i).toISOString().slice(0, 10)}T15:00:00.000Z`,
  side,
  qty,
  price: chartBars[i]!.close,
  reason: side === 'sell' ? 'take_profit' : null,
});
const CHART_ANSWERS: Record<string, unknown> = {
  'bot.historicalPerformance': {
    cumulative_pnl: 9,
    win_rate: 100,
    max_drawdown: 0,
    trades_count: 1,
    trades: [],
    equity_curve: [{ time: barDay(58).toISOString(), cumulative_pnl: 9 }],
  },
  'bot.chart': {
    symbol: 'SSET00',
    bars: chartBars,
    // Fills on neighbouring days and on the last bar: labels that overlapped and were clipped.
    fills: [fill(55, 'buy', 12), fill(56, 'sell', 12), fill(57, 'buy', 20), fill(59, 'sell', 20)],
  },
};

describe('dashboard charts', () => {
  it('draws one closed trade as a move from zero and fits the fill labels', async () => {
    await page.route(/\/trpc\/[^?]*bot\./, async (route) => {
      const paths = new URL(route.request().url()).pathname.replace(/^\/trpc\//, '').split(',');
      const real = await route.fetch();
      const body = (await real.json()) as unknown;
      const swap = (path: string, original: unknown) =>
        path in CHART_ANSWERS ? { result: { data: CHART_ANSWERS[path] } } : original;
      const replaced = Array.isArray(body)
        ? body.map((item, i) => swap(paths[i] ?? '', item))
        : swap(paths[0] ?? '', body);
      await route.fulfill({ response: real, json: replaced });
    });
    for (const [scheme, width] of [
      ['light', 1280],
      ['dark', 1280],
      ['light', 390],
    ] as const) {
      await page.evaluate((s) => localStorage.setItem('tradebot-color-scheme', s), scheme);
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${baseUrl()}/dashboard`);
      await page.getByTestId('equity-curve').locator('canvas').first().waitFor({ timeout: 15_000 });
      await page.getByTestId('bot-price-chart').locator('canvas').first().waitFor();
      const name = `${scheme}-${width === 390 ? 'phone' : 'desktop'}`;
      await screenshot(page.getByTestId('performance').first(), `dashboard-one-trade-${name}`, {
        settleMs: 700,
      });
      await screenshot(page.getByTestId('price-chart-card'), `dashboard-fill-labels-${name}`);
    }
    await page.evaluate(() => localStorage.setItem('tradebot-color-scheme', 'light'));
    await page.unroute(/\/trpc\/[^?]*bot\./);
  });
});
