import { nextTradingDay } from '@tradebot/market/calendar';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, postApi, sql } from './browser.js';
import {
  beginTrading,
  demoClock,
  demoMarketUser,
  getApi,
  heldPositions,
  listBusyStocks,
  pageToken,
  testIdText,
} from './demo-trading.js';
import {
  checkFillsLoggedAndAlerted,
  dollars,
  fills,
  logLines,
  shootDashboard,
  startWebhookReceiver,
  type Delivery,
  readBothLogs,
} from './live-loop-checks.js';

/**
 * The whole live loop as a new user sees it, in real Chromium against the real API and worker on
 * the demo market: a webhook alert is set up, busy stocks go on the Final Trading List, Begin
 * Trading (confirming the unbacktested stocks), the market moves on until the bot fills orders,
 * and then every figure is checked against every other: each fill has its log line and exactly
 * one webhook delivery, the dashboard's positions match the API and the Final Trading List,
 * equity = cash + market value, every session decided once per symbol. Then Quick Sell and the
 * kill switch: nothing held, nothing open, equity = cash, the kill switch logged and alerted.
 */
const PASSWORD = 'a long enough passphrase';
const USER = 'looper';
const ET_LINE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} ET (INFO|WARN|ERROR) /;
const ET_TIME = /^[A-Z][a-z]{2} \d{1,2}, \d{4} \d{2}:\d{2} ET$/;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let clock: Awaited<ReturnType<typeof demoClock>>;
let receiver: Server;
let hookUrl = '';
/** Every JSON body the webhook receiver got, in order. */
let received: Delivery[] = [];
let symbols: string[] = [];

const token = () => pageToken(page);
const text = (testId: string) => testIdText(page, testId);
const get = <T>(path: string) => getApi<T>(page, path);
const skipUntil = (done: () => Promise<boolean>, what: string, steps?: number) =>
  clock.skipUntil(done, what, steps);
const heldNow = () => heldPositions(USER);
/** Held as the broker has it now (reading positions settles the demo's protective legs first). */
const brokerHeld = async () =>
  (await get<Position[]>('/api/positions')).map((p) => p.symbol).sort();
const checkFills = () => checkFillsLoggedAndAlerted(USER, received);

interface Status {
  status: string;
  equity: number | null;
  cash: number | null;
  drawdown_pct: number | null;
}
interface Position {
  symbol: string;
  qty: number;
  side: 'long' | 'short';
  avg_entry_price: number;
  market_value: number | null;
}
interface ListEntry {
  symbol: string;
  qty: number | null;
  avg_price: number | null;
}

beforeAll(async () => {
  ({
    server: receiver,
    url: hookUrl,
    received,
  } = await startWebhookReceiver('/hook/live-loop-secret'));
  browser = await launchBrowser();
  // Each skip waits for the bot's tick at the new time while it runs, not a fixed 5 s.
  clock = await demoClock('loopadmin', PASSWORD, USER);
  ({ context, page } = await demoMarketUser(browser, USER, PASSWORD));
}, 90_000);
afterAll(async () => {
  await postApi('/api/stop', { json: {}, token: await token() }).catch(() => undefined);
  receiver?.close();
  await context?.close();
  await browser?.close();
});

describe('the live loop as a new user', () => {
  it('sends fills and the kill switch to a webhook', async () => {
    const reply = await postApi('/api/alerts/settings', {
      json: {
        webhook: { enabled: true, url: hookUrl, format: 'json' },
        events: { fills: true, kill_switch: true },
      },
      token: await token(),
    });
    expect(reply.status).toBe(200);
    const settings = await get<{
      webhook: { enabled: boolean; configured: boolean; format: string };
      events: { fills: boolean; kill_switch: boolean };
    }>('/api/alerts/settings');
    expect(settings.webhook).toMatchObject({ enabled: true, configured: true, format: 'json' });
    expect(settings.events).toMatchObject({ fills: true, kill_switch: true });
    expect(JSON.stringify(settings)).not.toContain('live-loop-secret');
  });

  it('puts four busy stocks on the Final Trading List and begins trading', async () => {
    await expect
      .poll(
        async () =>
          (
            await sql<{ n: number }>(
              `SELECT count(*)::int AS n FROM companies WHERE source = 'demo' AND symbol !~ '^SCRN'`,
            )
          )[0]?.n ?? 0,
        { timeout: 60_000, interval: 1_000 },
      )
      .toBeGreaterThanOrEqual(4);
    // Other files trade the first and last demo stocks: these are from the middle.
    symbols = (
      await sql<{ symbol: string }>(
        `SELECT symbol FROM companies WHERE source = 'demo' AND symbol !~ '^SCRN'
          ORDER BY md5(symbol) LIMIT 4`,
      )
    ).map((row) => row.symbol);
    await listBusyStocks(await token(), symbols);
    await beginTrading(page, symbols);
  }, 90_000);

  it('fills orders as the demo market moves on', async () => {
    await skipUntil(
      async () => (await heldNow()).length > 0 && (await fills(USER)).length >= 3,
      'three fills with a position held',
    );
  }, 300_000);

  it('logs every fill and sends each to the webhook once', checkFills, 60_000);

  it('labels the times ET in the log and on the dashboard', async () => {
    // The REST log keeps its documented "YYYY-MM-DD HH:MM:SS LEVEL …" shape, in New York time:
    // each line's time is the same instant GET /api/logs gives.
    const { live, rows } = await readBothLogs(get);
    expect(live.logs.length).toBeGreaterThan(0);
    expect(live.logs.length).toBe(rows.logs.length);
    const newYork = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'America/New_York',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    const stamp = (iso: string) => {
      const part = Object.fromEntries(
        newYork.formatToParts(new Date(iso)).map((p) => [p.type, p.value]),
      );
      return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}:${part.second}`;
    };
    rows.logs.forEach((row, k) =>
      expect(live.logs[k]).toBe(`${stamp(row.time)} ${row.level.toUpperCase()} ${row.message}`),
    );
    // What the user reads says ET: the dashboard's figures, its log and the Live log page.
    expect((await text('bot-last-tick')).replace('Last check ', '')).toMatch(ET_TIME);
    expect(await text('bot-last-activity')).toMatch(ET_TIME);
    for (const cell of await page
      .getByTestId('open-orders')
      .first()
      .locator('td')
      .allTextContents())
      if (/\d{2}:\d{2}/.test(cell)) expect(cell).toMatch(ET_TIME);
    const shownLog = await page
      .getByTestId('recent-logs')
      .first()
      .locator('code')
      .allTextContents();
    expect(shownLog.length).toBeGreaterThan(0);
    for (const time of shownLog) expect(time).toMatch(ET_TIME);
    await page.goto(`${baseUrl()}/live-log`);
    const area = page.getByTestId('live-log-text');
    await expect
      .poll(() => area.inputValue(), { timeout: 15_000 })
      .toMatch(/ ET (INFO|WARN|ERROR) /);
    for (const line of (await area.inputValue()).split('\n').filter(Boolean))
      expect(line).toMatch(ET_LINE);
    await page.goto(`${baseUrl()}/dashboard`);
    await page.getByTestId('bot-equity').waitFor({ timeout: 15_000 });
  }, 60_000);

  it('shows the same positions on the dashboard, in the API and on the Final Trading List', async () => {
    // The market may move between reads: compare a snapshot that holds still.
    await expect
      .poll(
        async () => {
          const positions = await get<Position[]>('/api/positions');
          const list = await get<ListEntry[]>('/api/get-final-trading-config');
          const problems: string[] = [];
          for (const p of positions) {
            const row = page.getByTestId(`position-${p.symbol}`);
            if ((await row.count()) === 0) {
              problems.push(`${p.symbol} missing on the dashboard`);
              continue;
            }
            const cells = await row.locator('td').allTextContents();
            if (Number(cells[2]?.replace(/[^\d.]/g, '')) !== Math.abs(p.qty))
              problems.push(`${p.symbol} qty ${cells[2]} vs ${p.qty}`);
            if (Math.abs(dollars(cells[3] ?? '') - p.avg_entry_price) > 0.005)
              problems.push(`${p.symbol} avg ${cells[3]} vs ${p.avg_entry_price}`);
            const entry = list.find((e) => e.symbol === p.symbol);
            if (
              entry === undefined ||
              entry.qty === null ||
              Math.abs(entry.qty) !== Math.abs(p.qty)
            )
              problems.push(`${p.symbol} list qty ${entry?.qty} vs ${p.qty}`);
            if (entry?.avg_price == null || Math.abs(entry.avg_price - p.avg_entry_price) > 0.005)
              problems.push(`${p.symbol} list avg ${entry?.avg_price} vs ${p.avg_entry_price}`);
          }
          const shown = await page.locator('[data-testid^="position-"]').count();
          if (shown !== positions.length)
            problems.push(`${shown} rows on the dashboard, ${positions.length} positions`);
          for (const e of list)
            if (!positions.some((p) => p.symbol === e.symbol) && e.qty !== null && e.qty !== 0)
              problems.push(`${e.symbol} on the list with qty ${e.qty} but not held`);
          return problems;
        },
        { timeout: 45_000, interval: 1_000 },
      )
      .toEqual([]);
  }, 60_000);

  it('shows equity = cash + market value of the positions, as the API reports it', async () => {
    await expect
      .poll(
        async () => {
          const status = await get<Status>('/api/bot/status');
          const positions = await get<Position[]>('/api/positions');
          const value = positions.reduce((sum, p) => sum + (p.market_value ?? NaN), 0);
          const gap = Math.abs((status.equity ?? NaN) - (status.cash ?? NaN) - value);
          const panel =
            Math.abs(dollars(await text('bot-equity')) - (status.equity ?? NaN)) < 0.006 &&
            Math.abs(dollars(await text('bot-cash')) - (status.cash ?? NaN)) < 0.006;
          return gap <= 0.02 && panel;
        },
        { timeout: 45_000, interval: 1_000 },
      )
      .toBe(true);
  }, 60_000);

  it('reports a historical max drawdown no smaller than the current one', async () => {
    const status = await get<Status>('/api/bot/status');
    const performance = await get<{ max_drawdown: number }>('/api/historical-performance');
    expect(performance.max_drawdown).toBeGreaterThanOrEqual(status.drawdown_pct ?? 0);
  });

  it('decides every session once per symbol since the bot started', async () => {
    const keys = (await logLines(USER))
      .map((l) => l.event_key)
      .filter((k): k is string => k?.startsWith('decide:') ?? false);
    const lines = (await logLines(USER)).map((l) => l.message);
    const days = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 86_400_000;
    const newest = Math.max(...keys.map((k) => days(k.split(':')[2] ?? '')));
    for (const symbol of symbols) {
      const dates = keys
        .filter((k) => k.startsWith(`decide:${symbol}:`))
        .map((k) => k.split(':')[2] ?? '')
        .sort();
      expect(dates.length, symbol).toBeGreaterThan(1);
      // No date skipped: consecutive trading days, through the newest bar any symbol decided
      // (or the one before, when a tick stands between two symbols).
      for (let k = 1; k < dates.length; k++)
        expect(days(dates[k] ?? ''), `${symbol} after ${dates[k - 1]}`).toBe(
          nextTradingDay(days(dates[k - 1] ?? '')),
        );
      expect(nextTradingDay(days(dates.at(-1) ?? ''))).toBeGreaterThanOrEqual(newest);
      // None twice: one decision line per symbol and bar.
      for (const date of dates)
        expect(
          lines.filter(
            (m) =>
              m.startsWith(`${symbol}: `) &&
              (m.includes(`close of ${date}:`) ||
                m.includes(`close of ${date}.`) ||
                m.includes(`close of ${date})`) ||
                m.includes(`the bar of ${date} was not decided`)),
          ).length,
          `${symbol} ${date}`,
        ).toBe(1);
    }
  });

  it('looks right after trading (screenshots)', async () => {
    await shootDashboard(page, 'live-loop-trading');
  }, 120_000);

  it('Quick Sell closes one position', async () => {
    await skipUntil(async () => (await brokerHeld()).length > 0, 'a position to sell');
    const [held] = await brokerHeld();
    const row = page.getByTestId(`position-${held}`);
    await row.waitFor({ timeout: 15_000 });
    await row.getByRole('button', { name: /quick sell/i }).click();
    expect(await text('quick-sell-question')).toBe(`Are you sure you want to quick sell ${held}?`);
    await page.getByTestId('quick-sell-confirm').click();
    await page.getByText(`Quick sell initiated for ${held}.`).first().waitFor({ timeout: 15_000 });
    await skipUntil(
      async () => !(await heldNow()).includes(held as string),
      `the quick sell of ${held}`,
      8,
    );
    // The trade is recorded when the bot (or a read) syncs the fill.
    await expect
      .poll(
        async () =>
          (
            await sql<{ reason: string }>(
              `SELECT t.reason FROM bot_trades t JOIN users u ON u.id = t.user_id
                WHERE u.username = $1 AND t.symbol = $2 ORDER BY t.exit_at DESC LIMIT 1`,
              [USER, held],
            )
          )[0]?.reason,
        { timeout: 20_000 },
      )
      .toBe('manual_sell');
  }, 180_000);

  it('the kill switch flattens, cancels, stops, logs and alerts', async () => {
    // Held after the close: nothing fills before the kill switch's closing orders at the open.
    await skipUntil(
      async () =>
        !(await get<{ is_open: boolean }>('/api/get-market-status')).is_open &&
        (await brokerHeld()).length > 0,
      'a position held after the close',
    );
    await page.getByTestId('kill-switch').click();
    await page.getByTestId('bot-confirm').click();
    await expect
      .poll(() => page.getByTestId('bot-running').getAttribute('data-state'), { timeout: 15_000 })
      .toBe('stopped');
    await skipUntil(async () => (await heldNow()).length === 0, 'the flattening');
    expect(await get<Position[]>('/api/positions')).toEqual([]);
    await expect
      .poll(async () => (await get<{ orders: unknown[] }>('/api/bot/open-orders')).orders, {
        timeout: 20_000,
      })
      .toEqual([]);
    // What differs, if anything (the failure shows the last reading).
    await expect
      .poll(
        async () => {
          const status = await get<Status>('/api/bot/status');
          const [equity, cash] = [await text('bot-equity'), await text('bot-cash')];
          const truth =
            status.status === 'stopped' &&
            status.equity !== null &&
            status.equity === status.cash &&
            equity === cash &&
            dollars(equity) === Math.round(status.equity * 100) / 100;
          return truth ? '' : JSON.stringify({ status, panel: { equity, cash } });
        },
        { timeout: 45_000, interval: 1_000 },
      )
      .toBe('');
    const killLine = (await logLines(USER)).find((l) =>
      l.message.startsWith('Kill switch: the bot stopped'),
    );
    expect(killLine?.message).toMatch(/, [1-9]\d* positions? being closed\.$/);
    const live = await get<{ logs: string[] }>('/api/get-live-log');
    expect(live.logs.some((l) => / WARN Kill switch: the bot stopped/.test(l))).toBe(true);
    await expect
      .poll(() => received.filter((r) => r.event === 'kill_switch').length, { timeout: 30_000 })
      .toBe(1);
    await page.getByTestId('open-orders-empty').waitFor({ timeout: 15_000 });
  }, 300_000);

  it('the dashboard drops the flattened position without a reload', async () => {
    await expect
      .poll(() => page.locator('[data-testid^="position-"]').count(), { timeout: 35_000 })
      .toBe(0);
  }, 60_000);

  it('logs and alerts the closing fills too, each once', checkFills, 60_000);

  it('looks right after the flatten (screenshots)', async () => {
    await shootDashboard(page, 'live-loop-flattened');
  }, 120_000);
});
