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
 * The screening journey in real Chromium against the real API and worker: a new user chooses the demo
 * market in account settings, runs a screen with a template on the Stock Screening tab of
 * /settings, sorts by ML score, saves two stocks to the backtesting list and adds a third from
 * the Stock Explorer, then saves every result and is told all are saved. Test listings (SCRN…) are inserted beside the demo universe the worker
 * writes, with metrics chosen so the expected result is known.
 */
const PASSWORD = 'a long enough passphrase';
let browser: Browser;
let context: BrowserContext;
let page: Page;

async function seedDemoUniverse() {
  // 24 listings: every third fails max_rsi, and SCRN23 has no metrics (missing data).
  for (let i = 0; i < 24; i++) {
    const symbol = `SCRN${String(i).padStart(2, '0')}`;
    const [company] = await sql<{ id: number }>(
      `INSERT INTO companies (source, symbol, company_name, domain, price, market_cap, updated_at)
       VALUES ('demo', $1, $2, $3, $4, $5, now()) RETURNING id`,
      [symbol, `Screen Test ${i} Inc.`, `scrn${i}.example`, 20 + i, 1e9 * (i + 1)],
    );
    if (i === 23) continue;
    await sql(
      `INSERT INTO stock_metrics (company_id, as_of, last_price, rsi, atr, atr_percent, macd,
         average_volume, beta, refreshed_at)
       VALUES ($1, now(), $2, $3, $4, 4, $5, 900000, 1.6, now())`,
      [company!.id, 20 + i, i % 3 === 0 ? 75 : 30 + i, 0.8 + i / 10, (i - 12) / 10],
    );
  }
}

beforeAll(async () => {
  browser = await launchBrowser();
  await seedDemoUniverse();
  const secret = await signUpByApi('scrnuser', PASSWORD);
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  await logInThroughUi(page, 'scrnuser', PASSWORD, (await freshCode(secret)).code);
  await page.waitForURL('**/account-settings', { timeout: 15_000 });
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('screening on the demo market', () => {
  it('starts a new user without keys on the demo market', async () => {
    await page.getByTestId('market-badge').first().waitFor();
    expect(await page.getByTestId('market-badge').first().textContent()).toBe('Not set up');
    await chooseDemoMarket(page);
    const token = await page.evaluate(() => localStorage.getItem('authToken') ?? '');
    const settings = await fetch(`${baseUrl()}/api/account-settings`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(((await settings.json()) as { market: string }).market).toBe('demo');
  });

  it('applies a template, runs the screener and saves two stocks for backtesting', async () => {
    await page.goto(`${baseUrl()}/settings`);
    await page.getByTestId('screener-empty').waitFor({ timeout: 15_000 });
    await page.getByTestId('demo-data-badge').waitFor();
    // The five criteria with defaults, the rest behind the toggle.
    expect(await page.getByTestId('criterion-max_pe_ratio').count()).toBe(0);
    await page.getByTestId('toggle-advanced').click();
    await page.getByTestId('criterion-max_pe_ratio').waitFor();
    await page.getByTestId('toggle-advanced').click();

    await page.getByTestId('template-select').click();
    await page.getByRole('option', { name: 'Momentum Swing' }).click();
    await page.getByText(ui.templateApplied('Momentum Swing')).waitFor();
    await page.getByTestId('template-select').click();
    await page.getByRole('option', { name: 'Custom Template' }).click();

    await page.getByTestId('save-template').click();
    await page.getByText(ui.customTemplateNameRequired).waitFor();

    await page.getByTestId('run-screener').click();
    await page.getByTestId('screener-results').waitFor({ timeout: 35_000 });
    const rows = page.getByTestId('screener-row');
    // Of ours, 23 have metrics and every third is overbought; SCRN23 has none (missing data).
    // Other listings of the demo universe may be stored too, so only ours are checked.
    const symbols = await rows.locator('td:nth-child(3)').allTextContents();
    const ours = symbols.filter((symbol) => symbol.startsWith('SCRN'));
    expect(ours).toHaveLength(15);
    expect(ours).not.toContain('SCRN03');
    expect(ours).not.toContain('SCRN23');
    expect(await page.getByTestId('excluded-count').textContent()).toMatch(
      /^[1-9]\d* excluded for missing data$/,
    );
    // Demo listings have generated logos served by the app.
    expect(await page.getByTestId('logo-SCRN01').getAttribute('src')).toBe(
      '/api/logos/demo/SCRN01.svg',
    );
    await page.getByTestId('sort-ml-score').click();
    await screenshot(page, 'settings-screening-light');

    await page.getByTestId('save-backtest').click();
    await page.getByText(ui.noStocksSelectedForBacktesting).waitFor();
    await page.getByRole('checkbox', { name: 'Select SCRN01' }).check();
    await page.getByRole('checkbox', { name: 'Select SCRN02' }).check();
    await page.getByTestId('save-backtest').click();
    await page.getByText(ui.savedForBacktesting(2)).waitFor();
    await page.getByRole('tab', { name: 'Backtesting' }).click();
    await expect
      .poll(() => page.getByTestId('backtesting-list').textContent(), { timeout: 10_000 })
      .toContain('SCRN02');
  });

  it('adds a third stock from the Stock Explorer', async () => {
    await page.goto(`${baseUrl()}/explorer`);
    await page.waitForURL('**/stock-explorer');
    await page.getByTestId('explorer-search').fill('  scrn05 ');
    await page.getByTestId('explorer-search-button').click();
    await page.getByTestId('explorer-row-SCRN05').waitFor({ timeout: 15_000 });
    // Pagination is hidden during a search.
    expect(await page.getByTestId('explorer-pagination').count()).toBe(0);
    await page.getByTestId('queue-SCRN05').click();
    await page.getByText(ui.addedToBacktestQueue('SCRN05')).waitFor();
    await page.goto(`${baseUrl()}/settings`);
    await page.getByRole('tab', { name: 'Backtesting' }).click();
    await expect
      .poll(() => page.getByTestId('backtesting-list').textContent(), { timeout: 10_000 })
      .toMatch(/SCRN01[\s\S]*SCRN02[\s\S]*SCRN05|SCRN02[\s\S]*SCRN01[\s\S]*SCRN05/);

    // The backtest settings form on the same tab: defaults, bounds, the spec's toast.
    const balance = page.getByTestId('backtest-setting-initial_balance');
    expect(await balance.inputValue()).toBe('10000');
    await balance.fill('25000');
    await page.getByTestId('save-backtest-settings').click();
    await page.getByText(ui.backtestSettingsSaved).waitFor();
    await screenshot(page, 'settings-backtesting-light');
    await page.reload();
    await page.getByRole('tab', { name: 'Backtesting' }).click();
    await expect
      .poll(() => page.getByTestId('backtest-setting-initial_balance').inputValue())
      .toBe('25000');
  });

  it('reads well in dark theme and at phone width', async () => {
    await page.evaluate(() => localStorage.setItem('tradebot-color-scheme', 'dark'));
    await page.goto(`${baseUrl()}/settings`);
    await page.getByTestId('screener-results').waitFor({ timeout: 15_000 });
    await screenshot(page, 'settings-screening-dark');
    await page.evaluate(() => localStorage.setItem('tradebot-color-scheme', 'light'));
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${baseUrl()}/settings`);
    await page.getByTestId('screener-results').waitFor({ timeout: 15_000 });
    await screenshot(page, 'settings-screening-phone');
    // Nothing wider than the screen but the table's own scroll container.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(overflow).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('says all are saved once every result went to the Backtesting List', async () => {
    await page.goto(`${baseUrl()}/settings`);
    await page.getByTestId('screener-results').waitFor({ timeout: 15_000 });
    await page.getByTestId('run-screener').click();
    // The last run's results show until this run's end is told.
    await page
      .getByText(/^Screener completed/)
      .first()
      .waitFor({ timeout: 35_000 });
    await page.getByTestId('screener-results').waitFor();
    const symbols = await page
      .getByTestId('screener-row')
      .locator('td:nth-child(3)')
      .allTextContents();
    const summary = (await page.getByTestId('screener-summary').textContent()) ?? '';
    const [passed, total] = (/^(\d+) of (\d+) stocks passed/.exec(summary) ?? [])
      .slice(1)
      .map(Number);
    // A fresh run: every stock that passed is shown, none saved yet.
    expect(passed).toBe(symbols.length);
    expect(summary).not.toContain('saved');

    await page.getByTestId('select-all').check();
    await page.getByTestId('save-backtest').click();
    await page.getByText(ui.savedForBacktesting(symbols.length), { exact: true }).waitFor();
    const allSaved = page.getByTestId('screener-all-saved');
    await allSaved.waitFor();
    expect(await allSaved.textContent()).toBe(ui.screenerAllSaved(passed!, total!));
    expect(await page.getByTestId('screener-results').count()).toBe(0);
    await screenshot(page, 'settings-screening-all-saved-light');

    // Every result is on the Backtesting List, and the screen says so after a reload as well.
    const token = await page.evaluate(() => localStorage.getItem('authToken') ?? '');
    const list = await fetch(`${baseUrl()}/api/backtest/stocks`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const saved = ((await list.json()) as { symbols: string[] }).symbols;
    expect(symbols.filter((symbol) => !saved.includes(symbol))).toEqual([]);
    await page.reload();
    await allSaved.waitFor({ timeout: 15_000 });
    expect(await allSaved.textContent()).toBe(ui.screenerAllSaved(passed!, total!));
  });
});
