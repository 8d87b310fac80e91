import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { screenshot, sql } from './browser.js';

/**
 * The live loop's reads and cross-checks: the user's fills and log lines in SQL, the webhook
 * deliveries a local receiver got, and screenshots at phone and desktop width.
 */

/** One JSON body the webhook receiver got. */
export interface Delivery {
  event: string;
  user: string;
  text: string;
  data: unknown;
}

/** A local webhook receiver: `received` holds every JSON body it got, in order. */
export async function startWebhookReceiver(path: string) {
  const received: Delivery[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push(JSON.parse(Buffer.concat(chunks).toString()) as Delivery);
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
  return { server, url, received };
}

/** "$1,234.56" or "−$3.50" → number. */
export const dollars = (shown: string) =>
  (shown.startsWith('−') ? -1 : 1) * Number(shown.replace(/[^\d.]/g, ''));

export interface FillRow {
  broker_fill_id: string;
  symbol: string;
  side: string;
  qty: number;
  price: number;
  client_order_id: string | null;
  time: Date;
}
interface LogRow {
  message: string;
  event_key: string | null;
}

export const fills = (username: string) =>
  sql<FillRow>(
    `SELECT f.broker_fill_id, f.symbol, f.side, f.qty, f.price, o.client_order_id, f.time
       FROM bot_fills f JOIN users u ON u.id = f.user_id
       LEFT JOIN bot_orders o ON o.user_id = f.user_id AND o.broker_order_id = f.broker_order_id
      WHERE u.username = $1 ORDER BY f.time, f.id`,
    [username],
  );
export const logLines = (username: string) =>
  sql<LogRow>(
    `SELECT l.message, l.event_key FROM bot_logs l JOIN users u ON u.id = l.user_id
      WHERE u.username = $1 ORDER BY l.id`,
    [username],
  );

/** The fill alert's text without the round trip's P&L: "Bought 12 AAA at 13.00". */
const fillText = (f: Pick<FillRow, 'side' | 'qty' | 'symbol' | 'price'>) =>
  `${f.side === 'buy' ? 'Bought' : 'Sold'} ${Number.isInteger(f.qty) ? f.qty : f.qty.toFixed(4)} ${f.symbol} at ${f.price.toFixed(2)}`;
const receivedFills = (received: Delivery[]) =>
  received.filter((r) => r.event === 'fill').map((r) => r.text.replace(/ \(trade closed.*$/, ''));

/** Whether the fill's log line is written: its order's "filled" line or its protective exit. */
function hasLogLine(fill: FillRow, lines: LogRow[]) {
  return lines.some(
    (l) =>
      l.event_key === `fill:${fill.broker_fill_id}` ||
      (fill.client_order_id !== null &&
        l.message.startsWith(`${fill.symbol}: order ${fill.client_order_id} filled: `)),
  );
}

/** How often each text stands in `texts`. */
function tally(texts: string[]) {
  const counts = new Map<string, number>();
  for (const t of texts) counts.set(t, (counts.get(t) ?? 0) + 1);
  return counts;
}

/** Every fill so far has its log line and exactly one webhook delivery (none folded, none twice). */
export async function checkFillsLoggedAndAlerted(username: string, received: Delivery[]) {
  const seen = await fills(username);
  expect(seen.length).toBeGreaterThan(0);
  await expect
    .poll(
      async () => {
        const lines = await logLines(username);
        return seen.filter((f) => !hasLogLine(f, lines)).map((f) => f.broker_fill_id);
      },
      { timeout: 20_000, interval: 500 },
    )
    .toEqual([]);
  // Each fill is one alert event: its webhook delivery arrives (queued, so within seconds).
  await expect
    .poll(
      () => {
        const got = tally(receivedFills(received));
        return [...tally(seen.map(fillText))]
          .filter(([t, n]) => (got.get(t) ?? 0) < n)
          .map(([t]) => t);
      },
      { timeout: 30_000, interval: 500 },
    )
    .toEqual([]);
  // None twice: no text arrives more often than fills with that text exist.
  const exist = tally((await fills(username)).map(fillText));
  for (const [t, n] of tally(receivedFills(received)))
    expect(n, `webhook deliveries of "${t}"`).toBeLessThanOrEqual(exist.get(t) ?? 0);
  expect(received.filter((r) => r.event === 'fold')).toEqual([]);
  for (const r of received) expect(r.user).toBe(username);
}

/**
 * The dashboard at phone and desktop width, light and dark, no wider than the screen (with a
 * screenshot of each); returns to light at 1280 px.
 */
export async function shootDashboard(page: Page, name: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.evaluate((s) => localStorage.setItem('tradebot-color-scheme', s), scheme);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.reload();
      await page.getByTestId('bot-equity').waitFor({ timeout: 15_000 });
      await page.getByTestId('open-orders').waitFor({ timeout: 15_000 });
      await page.mouse.move(0, 0);
      await screenshot(page, `${name}-${width}-${scheme}`);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth),
        `${name} at ${width} px ${scheme}`,
      ).toBeLessThanOrEqual(width);
    }
  }
  await page.evaluate(() => localStorage.setItem('tradebot-color-scheme', 'light'));
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.reload();
  await page.getByTestId('bot-equity').waitFor({ timeout: 15_000 });
}

type LogRows = { logs: { time: string; level: string; message: string }[] };

/**
 * GET /api/get-live-log and GET /api/logs read while the log stands still: the bot keeps
 * logging, so both are re-read until /api/logs is the same length before and after.
 */
export async function readBothLogs(get: <T>(path: string) => Promise<T>) {
  let live = await get<{ logs: string[] }>('/api/get-live-log');
  let rows = await get<LogRows>('/api/logs');
  for (let attempt = 0; attempt < 20 && live.logs.length !== rows.logs.length; attempt += 1) {
    const before = await get<LogRows>('/api/logs');
    live = await get<{ logs: string[] }>('/api/get-live-log');
    rows = await get<LogRows>('/api/logs');
    if (before.logs.length !== rows.logs.length) live = { logs: [] };
  }
  return { live, rows };
}
