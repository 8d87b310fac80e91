import { BUSY_PARAMS } from '@tradebot/strategy/testing';
import { dayFromIso, isoFromDay, newYorkInstant, sessionsBetween } from '@tradebot/market/calendar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, logInByApi, postApi, signUpByApi, sql } from './browser.js';
import { E2E_ALPACA_KEY } from './fake-alpaca.js';
import { deployment } from './deployment.js';

/**
 * "A user with Alpaca paper keys gets the same bot against Alpaca", through the REST API against
 * the real API and worker and the e2e fake Alpaca (no browser): saved paper keys, a Final Trading
 * List of csv listings, Start in paper mode, an entry decided at a close and sent as a gtc bracket
 * priced from that close, its fill at the next open, Quick Sell (once, even clicked twice), the
 * status read from the fake's account, and the kill switch. The fake's clock is the market's.
 */
const PASSWORD = 'a long enough passphrase';
const USERNAME = 'alpacabot';
/** csv listings the e2e database does not hold: inserted by the test, bars set at the fake. */
const SYMBOLS = ['ALPQ', 'ALPR', 'ALPS'];
const START_PRICE: Record<string, number> = { ALPQ: 200, ALPR: 150, ALPS: 120 };

// The entry day D (its close turns RSI up through 50), then D+1 and D+2.
const D = '2024-03-05';
const D1 = '2024-03-06';
const D2 = '2024-03-07';
const at = (date: string, hhmm: string) =>
  new Date(
    newYorkInstant(dayFromIso(date), Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3))),
  ).toISOString();

const cents = (x: number) => Math.round(Number((x * 100).toPrecision(12))) / 100;
interface Bar {
  date: string;
  o: number;
  h: number;
  l: number;
  c: number;
}

/**
 * Sessions falling 0.2 % a day (RSI at 0), then a 6 % jump on D (RSI turns up through 50: a long
 * entry), then two quiet days that reach neither the stop-loss (−5 %) nor the target (+8 %).
 */
function barsOf(symbol: string): Bar[] {
  let close = START_PRICE[symbol] as number;
  const rows: Bar[] = [];
  for (const s of sessionsBetween(dayFromIso('2022-11-01'), dayFromIso(D2))) {
    const date = isoFromDay(s.day);
    const o = close;
    let c: number;
    let h: number;
    let l: number;
    if (date === D) [c, h, l] = [o * 1.06, o * 1.06 * 1.01, o * 0.99];
    else if (date === D1) [c, h, l] = [o * 1.01, o * 1.01 * 1.005, o * 0.995];
    else if (date === D2) [c, h, l] = [o, o * 1.005, o * 0.995];
    else [c, h, l] = [o * 0.998, o * 1.02, o * 0.998 * 0.98];
    close = cents(c);
    rows.push({ date, o: cents(o), h: cents(h), l: cents(l), c: close });
  }
  return rows;
}
const BARS = Object.fromEntries(SYMBOLS.map((s) => [s, barsOf(s)]));
const closeOn = (symbol: string, date: string) =>
  (BARS[symbol] as Bar[]).find((b) => b.date === date)!.c;

interface FakeOrderJson {
  id: string;
  client_order_id: string;
  symbol: string;
  side: string;
  type: string;
  time_in_force: string;
  qty: string;
  status: string;
  order_class: string;
  limit_price: string | null;
  stop_price: string | null;
  filled_avg_price: string | null;
  legs: FakeOrderJson[] | null;
}
interface FakeState {
  now: string;
  cash: number;
  positions: Record<string, { qty: number; avg: number }>;
  orders: FakeOrderJson[];
}

const fakeUrl = () => deployment().apiEnv.ALPACA_TRADING_URL as string;
async function control(path: string, body?: unknown): Promise<FakeState> {
  const res = await fetch(`${fakeUrl()}/_fake/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (res.status !== 200) throw new Error(`fake ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as FakeState;
}
const fakeState = () => control('state');

async function getApi<T>(path: string): Promise<{ status: number; body: T }> {
  const res = await fetch(`${baseUrl()}${path}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, body: (await res.json()) as T };
}
const post = (path: string, json?: unknown) =>
  postApi(path, { token, ...(json === undefined ? {} : { json }) });

interface BotStatus {
  status: string;
  mode: string | null;
  equity: number | null;
  last_tick_at: string | null;
  last_error: string | null;
}

/** The worker's bot status, asserting the tick never failed against the fake. */
async function botStatus() {
  const reply = await getApi<BotStatus>('/api/bot/status');
  expect(reply.status).toBe(200);
  expect(reply.body.last_error).toBeNull();
  return reply.body;
}

/** Waits for a tick at the fake's current (frozen) market time. */
async function tickAt(iso: string) {
  await expect
    .poll(async () => (await botStatus()).last_tick_at, { timeout: 30_000, interval: 500 })
    .toBe(iso);
}

const decidedOn = async () =>
  (
    await sql<{ symbol: string; day: string }>(
      `SELECT s.symbol, s.last_decided_on AS day FROM bot_symbols s JOIN users u ON u.id = s.user_id
        WHERE u.username = $1 ORDER BY s.symbol`,
      [USERNAME],
    )
  ).map((row) => `${row.symbol} ${row.day}`);

let token = '';
let userId = 0;

beforeAll(async () => {
  const secret = await signUpByApi(USERNAME, PASSWORD);
  token = await logInByApi(USERNAME, PASSWORD, secret);
  const [user] = await sql<{ id: number }>('SELECT id FROM users WHERE username = $1', [USERNAME]);
  userId = user!.id;
  // The market at noon of D: the bar of D is still forming.
  await control('time', { now: at(D, '12:00') });
  for (const symbol of SYMBOLS) await control('bars', { symbol, bars: BARS[symbol] });
  for (const symbol of SYMBOLS) {
    await sql(
      `INSERT INTO companies (source, symbol, company_name, exchange, updated_at)
       VALUES ('alpaca', $1, $2, 'NASDAQ', now()) ON CONFLICT (source, symbol) DO NOTHING`,
      [symbol, `${symbol} E2E Holdings`],
    );
  }
}, 60_000);

afterAll(async () => {
  // Leave nothing ticking and the shared fake as the other browser tests expect it.
  if (token) await post('/api/stop').catch(() => undefined);
  await control('reset', {}).catch(() => undefined);
});

describe('the trading bot on Alpaca paper keys (e2e fake Alpaca)', () => {
  it('saves paper keys, lists csv stocks with busy parameters and starts in paper mode', async () => {
    const saved = await post('/api/update-account-settings', {
      alpaca_environment: 'paper',
      alpaca_api_key_paper: E2E_ALPACA_KEY,
      alpaca_api_secret_paper: 'e2e-bot-secret',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.market).toBe('alpaca');
    expect(JSON.stringify(saved.body)).not.toContain('e2e-bot-secret');

    expect((await post('/api/save-to-optimized-parameters', { symbols: SYMBOLS })).status).toBe(
      200,
    );
    expect((await post('/api/select-for-trading', { symbols: SYMBOLS })).status).toBe(200);
    const busy = SYMBOLS.map((symbol) => ({ symbol, ...BUSY_PARAMS }));
    expect((await post('/api/update-final-trading-config', busy)).status).toBe(200);
    // The bot watches trailing stops itself on Alpaca: none here, so only the legs protect.
    expect((await post('/api/backtest/settings', { trailing_stop_pct: 0 })).status).toBe(200);
    expect((await post('/api/update-config', { trading: { sleep_interval: 2 } })).status).toBe(200);

    const started = await post('/api/start');
    expect(started.status).toBe(200);
    expect(started.body.status).toMatchObject({ status: 'running', mode: 'paper' });
    // The first tick decides the last completed bar (D−1): no signal, nothing sent.
    await tickAt(at(D, '12:00'));
    await expect
      .poll(decidedOn, { timeout: 30_000 })
      .toEqual(SYMBOLS.map((s) => `${s} 2024-03-04`));
    expect((await fakeState()).orders).toEqual([]);
  }, 90_000);

  it('after the close the tick sends each entry as a gtc bracket priced from the close', async () => {
    await control('time', { now: at(D, '16:30') });
    await expect
      .poll(async () => (await fakeState()).orders.length, { timeout: 30_000, interval: 500 })
      .toBe(SYMBOLS.length);
    await expect.poll(decidedOn, { timeout: 30_000 }).toEqual(SYMBOLS.map((s) => `${s} ${D}`));
    const { orders } = await fakeState();
    for (const symbol of SYMBOLS) {
      const close = closeOn(symbol, D);
      const order = orders.find((o) => o.client_order_id === `tb${userId}-${symbol}-20240305-e`);
      expect(order, symbol).toMatchObject({
        symbol,
        side: 'buy',
        type: 'market',
        order_class: 'bracket',
        time_in_force: 'gtc',
        status: 'new',
      });
      expect(Number(order!.qty)).toBeGreaterThan(0);
      const legs = order!.legs!.map((l) => [l.type, l.time_in_force, l.status]);
      expect(legs).toEqual([
        ['limit', 'gtc', 'held'],
        ['stop', 'gtc', 'held'],
      ]);
      expect(Number(order!.legs![0]!.limit_price)).toBe(cents(close * 1.08));
      expect(Number(order!.legs![1]!.stop_price)).toBe(cents(close * 0.95));
    }
  }, 90_000);

  it('the entries fill at the next open and the positions read shows them', async () => {
    const sent = (await fakeState()).orders;
    await control('time', { now: at(D1, '10:00') });
    const positions =
      await getApi<{ symbol: string; qty: number; avg_entry_price: number }[]>('/api/positions');
    expect(positions.status).toBe(200);
    const rows = positions.body.map((p) => [p.symbol, p.qty, p.avg_entry_price]).sort();
    expect(rows).toEqual(
      SYMBOLS.map((symbol) => [
        symbol,
        Number(sent.find((o) => o.symbol === symbol)!.qty),
        // Filled at D+1's open, which is D's close.
        closeOn(symbol, D),
      ]),
    );
    await tickAt(at(D1, '10:00'));
  }, 60_000);

  it('Quick Sell sends one closing order, and a second click sends no other', async () => {
    // After D+1's close: the tick decides D+1 (no exit), and a Quick Sell waits for the open.
    await control('time', { now: at(D1, '16:30') });
    await expect.poll(decidedOn, { timeout: 30_000 }).toEqual(SYMBOLS.map((s) => `${s} ${D1}`));
    await tickAt(at(D1, '16:30'));
    expect((await fakeState()).orders.filter((o) => o.side === 'sell')).toEqual([]);

    const [sold] = SYMBOLS as [string];
    const first = await post(`/api/manual-sell/${sold}`);
    expect(first.status).toBe(200);
    const id = String(first.body.client_order_id);
    expect(id).toMatch(new RegExp(`^tb${userId}-${sold}-qs-\\d+$`));
    const second = await post(`/api/manual-sell/${sold}`);
    expect(second.status).toBe(200);
    expect(second.body.client_order_id).toBe(id);

    const { orders, positions } = await fakeState();
    const sells = orders.filter((o) => o.symbol === sold && o.side === 'sell');
    expect(sells.map((o) => [o.client_order_id, o.type, o.time_in_force, o.status])).toEqual([
      [id, 'market', 'day', 'new'],
    ]);
    expect(Number(sells[0]!.qty)).toBe(positions[sold]!.qty);
    // Its bracket's legs were canceled first (they held the shares).
    const entry = orders.find((o) => o.client_order_id === `tb${userId}-${sold}-20240305-e`)!;
    expect(entry.legs!.map((l) => l.status)).toEqual(['canceled', 'canceled']);
  }, 90_000);

  it('the status shows the running bot with the equity of the fake account', async () => {
    const res = await fetch(`${fakeUrl()}/v2/account`, {
      headers: { 'APCA-API-KEY-ID': E2E_ALPACA_KEY, 'APCA-API-SECRET-KEY': 'e2e-bot-secret' },
    });
    const account = (await res.json()) as { equity: string };
    const equity = Number(account.equity);
    // D+1 closed 1 % above the entries: not the starting 100,000.25.
    expect(equity).toBeGreaterThan(100_000.25);
    const status = await getApi<{ bot_status: string; bot: BotStatus }>('/api/status');
    expect(status.status).toBe(200);
    expect(status.body.bot_status).toBe('running');
    expect(status.body.bot).toMatchObject({ status: 'running', mode: 'paper', last_error: null });
    expect(status.body.bot.equity).toBeCloseTo(equity, 2);
  }, 30_000);

  it('the kill switch stops the bot, cancels the legs and closes the rest once', async () => {
    const [sold, ...rest] = SYMBOLS as [string, ...string[]];
    const killed = await post('/api/kill-switch');
    expect(killed.status).toBe(200);
    expect(killed.body.status).toMatchObject({ status: 'stopped', last_error: null });
    expect([...(killed.body.closed_positions as string[])].sort()).toEqual(SYMBOLS);

    const { orders } = await fakeState();
    // The Quick Sell still working is not sent again; each other position gets one close.
    expect(orders.filter((o) => o.symbol === sold && o.side === 'sell')).toHaveLength(1);
    for (const symbol of rest) {
      const sells = orders.filter((o) => o.symbol === symbol && o.side === 'sell');
      expect(sells.map((o) => [o.type, o.time_in_force, o.status])).toEqual([
        ['market', 'day', 'new'],
      ]);
      expect(sells[0]!.client_order_id).toMatch(new RegExp(`^tb${userId}-${symbol}-fl-\\d+$`));
      const entry = orders.find((o) => o.client_order_id === `tb${userId}-${symbol}-20240305-e`)!;
      expect(entry.legs!.map((l) => l.status)).toEqual(['canceled', 'canceled']);
    }
    // Nothing else is working at the fake.
    expect(orders.filter((o) => ['new', 'held', 'accepted'].includes(o.status))).toHaveLength(
      SYMBOLS.length,
    );

    // The closes fill at the next open: nothing is held, and the trades carry their reasons.
    await control('time', { now: at(D2, '10:00') });
    expect((await fakeState()).positions).toEqual({});
    expect((await getApi('/api/positions')).body).toEqual([]);
    const performance = await getApi<{ trades: { symbol: string; reason: string }[] }>(
      '/api/historical-performance',
    );
    expect(performance.status).toBe(200);
    const reasons = performance.body.trades.map((t) => `${t.symbol} ${t.reason}`).sort();
    expect(reasons).toEqual([`${sold} manual_sell`, ...rest.map((s) => `${s} flatten`)]);
    const status = await botStatus();
    expect(status.status).toBe('stopped');
  }, 90_000);
});
