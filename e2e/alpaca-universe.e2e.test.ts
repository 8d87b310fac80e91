import { lastCompletedTradingDay, isoFromDay } from '@tradebot/market/calendar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, logInByApi, postApi, signUpByApi } from './browser.js';
import { DEFAULT_FAKE_ASSETS } from './fake-alpaca-market.js';
import { E2E_ALPACA_KEY } from './fake-alpaca.js';
import { deployment } from './deployment.js';

/**
 * A user who saves Alpaca paper keys and nothing else, through the REST API against the real API
 * and worker and the e2e fake Alpaca: the explorer's first visit asks the worker to load the
 * Alpaca universe with the user's keys (the runtime's own Alpaca adapter on the key's shared
 * request budget), the listings and their daily bars arrive, the screener runs on them, and a
 * backtest runs on the same cached bars and says so.
 */
const PASSWORD = 'a long enough passphrase';
const USERNAME = 'alpacauniverse';
const SYMBOL = 'MSFT';

let token = '';
const fakeUrl = () => deployment().apiEnv.ALPACA_TRADING_URL as string;
async function fakeNow(): Promise<number> {
  const res = await fetch(`${fakeUrl()}/_fake/state`);
  return Date.parse(((await res.json()) as { now: string }).now);
}
async function getApi<T>(path: string): Promise<{ status: number; body: T }> {
  const res = await fetch(`${baseUrl()}${path}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, body: (await res.json()) as T };
}
const post = (path: string, json?: unknown) =>
  postApi(path, { token, ...(json === undefined ? {} : { json }) });

beforeAll(async () => {
  const secret = await signUpByApi(USERNAME, PASSWORD);
  token = await logInByApi(USERNAME, PASSWORD, secret);
}, 60_000);

afterAll(async () => {
  await fetch(`${fakeUrl()}/_fake/reset`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  }).catch(() => undefined);
});

describe('an Alpaca user screens, explores and backtests on the Alpaca universe (e2e fake)', () => {
  it("loads Alpaca's listings and bars with the user's saved keys at the first explorer visit", async () => {
    const saved = await post('/api/update-account-settings', {
      alpaca_environment: 'paper',
      alpaca_api_key_paper: E2E_ALPACA_KEY,
      alpaca_api_secret_paper: 'e2e-universe-secret',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.market).toBe('alpaca');

    // The first visit finds no listings and says why; the load runs in the worker meanwhile.
    const first = await getApi<{ count: number; notice?: string | null }>('/api/stocks/count');
    expect(first.status).toBe(200);
    if (first.body.count === 0) expect(first.body.notice).toBeTruthy();
    // Listings first, then their bars: the notice stays until every listing is loaded.
    await expect
      .poll(
        async () => {
          const { body } = await getApi<{ count: number; notice?: string | null }>(
            '/api/stocks/count',
          );
          return { count: body.count, notice: body.notice ?? null };
        },
        { timeout: 60_000, interval: 1_000 },
      )
      .toEqual({ count: DEFAULT_FAKE_ASSETS.length, notice: null });

    const explored = await post('/api/stocks/explore', { search: SYMBOL });
    expect(explored.status).toBe(200);
    expect(JSON.stringify(explored.body)).toContain(SYMBOL);
  }, 90_000);

  it('screens the Alpaca listings', async () => {
    const ran = await post('/api/run-screener');
    expect(ran.status).toBe(200);
    await expect
      .poll(
        async () =>
          (await getApi<{ total?: number; status?: string }>('/api/get-screener-output')).body
            .total,
        { timeout: 60_000, interval: 1_000 },
      )
      .toBe(DEFAULT_FAKE_ASSETS.length);
  }, 90_000);

  it("backtests a listing on the cached Alpaca bars up to the fake's last completed session", async () => {
    expect((await post('/api/backtest/stocks', { symbols: [SYMBOL] })).status).toBe(200);
    const run = await post('/api/run-backtester', { symbol: SYMBOL });
    expect(run.status).toBe(200);
    let result: { status: number; body: Record<string, unknown> } = { status: 0, body: {} };
    await expect
      .poll(
        async () => {
          result = await getApi(`/api/backtest/result/${SYMBOL}`);
          return result.status;
        },
        { timeout: 120_000, interval: 1_000 },
      )
      .toBe(200);
    const lastSession = isoFromDay(lastCompletedTradingDay(await fakeNow()));
    expect(result.body).toMatchObject({
      symbol: SYMBOL,
      universe: 'alpaca',
      data: { source: 'alpaca', feed: 'iex', to: lastSession },
    });
  }, 150_000);
});
