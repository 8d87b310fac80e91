import { server } from '@tradebot/api-contract';
import { upsertBotScheduler } from '@tradebot/core';
import { botSchedulerId } from '@tradebot/jobs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The browser tests' Alpaca stand-in: its account keeps orders and positions in memory.
import { E2E_ALPACA_KEY, startFakeAlpaca, type FakeAlpaca } from '../../../e2e/fake-alpaca.js';
import { rowsOf } from './account-rows.js';
import { codeAt, signUpAdmin, signUpAndLogIn, startTestApi, type TestApi } from './harness.js';

/**
 * "Delete account" for a user trading on Alpaca paper keys, and the admin's Delete of such a
 * user, against the fake Alpaca: the bot is stopped, its waiting entries are cancelled at the
 * broker, the position and the order that protects it stay, an order the user placed by hand
 * stays, and every row of the user is erased.
 */
// A Saturday: the fake fills nothing while the test looks.
const SATURDAY = Date.parse('2026-01-10T15:00:00Z');
let fake: FakeAlpaca;
let api: TestApi;

beforeAll(async () => {
  fake = await startFakeAlpaca({ now: SATURDAY });
  api = await startTestApi({ env: { ALPACA_TRADING_URL: fake.url, ALPACA_DATA_URL: fake.url } });
  await api.reset();
});
afterAll(async () => {
  await api?.close();
  await new Promise((done) => fake?.server.close(done));
});

/** Places an order at the fake as Alpaca's API takes it; answers the order's JSON. */
async function place(order: Record<string, unknown>): Promise<{ id: string; status: string }> {
  const reply = await fetch(`${fake.url}/v2/orders`, {
    method: 'POST',
    headers: {
      'APCA-API-KEY-ID': E2E_ALPACA_KEY,
      'APCA-API-SECRET-KEY': 'paper-secret',
      'content-type': 'application/json',
    },
    body: JSON.stringify(order),
  });
  expect(reply.status, JSON.stringify(await reply.clone().json())).toBe(200);
  return (await reply.json()) as { id: string; status: string };
}

const statusOf = (id: string) => fake.book.orders.find((order) => order.id === id)?.status;
const priceOf = (symbol: string) => fake.market.priceAt(symbol, SATURDAY)!;
// Client order ids as the bot builds them (core's order-ids.ts): entries end in -e, the OCO
// protecting a held position is -p{qty}-{date}.

type Trader = Awaited<ReturnType<typeof signUpAndLogIn>>;

/**
 * A user with paper keys and a scheduled bot, and their book at the fake: 10 MSFT held under
 * the bot's OCO, three waiting entries of the bot and an order placed by hand.
 */
async function traderWithBook(username: string, ip: string) {
  const trader = await signUpAndLogIn(api, username, ip);
  const saved = await api.http.post(
    '/api/update-account-settings',
    {
      alpaca_environment: 'paper',
      alpaca_api_key_paper: E2E_ALPACA_KEY,
      alpaca_api_secret_paper: 'paper-secret',
    },
    trader.token,
  );
  expect(saved.status).toBe(200);
  await upsertBotScheduler(api.runtime.deps.botQueue, trader.userId, 60);
  const book = await placeBook(trader);
  const before = await rowsOf(api.runtime.db, trader.userId, `${username}@example.com`);
  expect(before.users).toBe(1);
  expect(before.broker_credentials).toBe(1);
  return { trader, book };
}

async function placeBook(trader: Trader) {
  // Held: 10 more MSFT (the account is shared), protected by the bot's take-profit/stop-loss OCO.
  const msft = priceOf('MSFT');
  const position = { qty: (fake.book.positions.get('MSFT')?.qty ?? 0) + 10, avg: msft };
  fake.book.positions.set('MSFT', position);
  const protection = await place({
    symbol: 'MSFT',
    qty: '10',
    side: 'sell',
    type: 'limit',
    time_in_force: 'gtc',
    order_class: 'oco',
    client_order_id: `tb${trader.userId}-MSFT-p10-20260109`,
    take_profit: { limit_price: String((msft * 1.1).toFixed(2)) },
    stop_loss: { stop_price: String((msft * 0.9).toFixed(2)) },
  });
  // Waiting: a long bracket entry, a short bracket entry and a plain limit entry of the bot.
  const aapl = priceOf('AAPL');
  const longEntry = await place({
    symbol: 'AAPL',
    qty: '5',
    side: 'buy',
    type: 'limit',
    time_in_force: 'day',
    limit_price: String((aapl * 0.9).toFixed(2)),
    order_class: 'bracket',
    client_order_id: `tb${trader.userId}-AAPL-20260109-e`,
    take_profit: { limit_price: String((aapl * 1.05).toFixed(2)) },
    stop_loss: { stop_price: String((aapl * 0.85).toFixed(2)) },
  });
  const tsla = priceOf('TSLA');
  const shortEntry = await place({
    symbol: 'TSLA',
    qty: '3',
    side: 'sell',
    type: 'limit',
    time_in_force: 'day',
    limit_price: String((tsla * 1.1).toFixed(2)),
    order_class: 'bracket',
    client_order_id: `tb${trader.userId}-TSLA-20260109-e`,
    take_profit: { limit_price: String((tsla * 0.95).toFixed(2)) },
    stop_loss: { stop_price: String((tsla * 1.2).toFixed(2)) },
  });
  const nvda = priceOf('NVDA');
  const plainEntry = await place({
    symbol: 'NVDA',
    qty: '2',
    side: 'buy',
    type: 'limit',
    time_in_force: 'gtc',
    limit_price: String((nvda * 0.9).toFixed(2)),
    client_order_id: `tb${trader.userId}-NVDA-20260109-e`,
  });
  // The user's own order at Alpaca, not the bot's.
  const byHand = await place({
    symbol: 'AMZN',
    qty: '1',
    side: 'buy',
    type: 'limit',
    time_in_force: 'gtc',
    limit_price: String((priceOf('AMZN') * 0.8).toFixed(2)),
    client_order_id: `my-own-order-${trader.userId}`,
  });
  for (const order of [protection, longEntry, shortEntry, plainEntry, byHand])
    expect(order.status).toBe('new');
  return { position, protection, entries: [longEntry, shortEntry, plainEntry], byHand };
}

/** The entries cancelled with their legs, the rest untouched, the bot stopped, the rows gone. */
async function expectCleanedUp(
  trader: Trader,
  username: string,
  book: Awaited<ReturnType<typeof placeBook>>,
) {
  for (const order of book.entries) expect(statusOf(order.id)).toBe('canceled');
  const brackets = book.entries.slice(0, 2).map((order) => order.id);
  const legs = fake.book.orders.filter((order) => brackets.includes(order.parent?.id ?? ''));
  expect(legs).toHaveLength(4);
  expect(legs.every((leg) => leg.status === 'canceled')).toBe(true);
  // The position stays open, still protected; the user's own order stays too.
  expect(fake.book.positions.get('MSFT')).toEqual(book.position);
  expect(statusOf(book.protection.id)).toBe('new');
  expect(statusOf(book.byHand.id)).toBe('new');
  expect(fake.book.fills).toEqual([]);

  const queue = api.runtime.deps.botQueue;
  expect(await queue.getJobScheduler(botSchedulerId(trader.userId))).toBeUndefined();
  const after = await rowsOf(api.runtime.db, trader.userId, `${username}@example.com`);
  expect(
    Object.values(after).every((n) => n === 0),
    JSON.stringify(after),
  ).toBe(true);
  expect((await api.http.get('/api/status', trader.token)).status).toBe(401);
}

describe('account deletion with Alpaca orders and a position', () => {
  it('cancels the waiting entries, keeps the position and its protection, erases the rows', async () => {
    const { trader: vera, book } = await traderWithBook('vera', '10.4.0.1');
    api.clock.advance(30_000);
    const reply = await api.http.post(
      '/api/account/delete',
      {
        confirm_username: 'vera',
        password: 'correct horse battery',
        totp_code: codeAt(vera.secret, api.clock.ms),
      },
      vera.token,
    );
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body).toEqual({
      message: server.accountDeleted(true, 0),
      canceled_orders: 3,
      failed_cancels: 0,
    });
    await expectCleanedUp(vera, 'vera', book);
  });

  it('does the same when an admin deletes the user', async () => {
    const admin = await signUpAdmin(api, 'root', '10.4.0.2');
    const { trader: walt, book } = await traderWithBook('walt', '10.4.0.3');
    const reply = await api.http.del(`/api/admin/delete-user/${walt.userId}`, admin.token);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body).toEqual({ message: server.userDeleted(true, 0) });
    await expectCleanedUp(walt, 'walt', book);
    // The admin stays.
    expect((await api.http.get('/api/status', admin.token)).status).toBe(200);
  });
});
