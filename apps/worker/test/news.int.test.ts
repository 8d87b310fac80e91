import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createCoreRuntime, registerUser, type CoreRuntime } from '@tradebot/core';
import { chooseDemoMarket } from '@tradebot/db';
import { resetDatabase } from '@tradebot/db/testing';
import { createRedis, NEWS_SCHEDULER_ID, newsQueue, openQueue, startWorker } from '@tradebot/jobs';
import { scoreSentiment } from '@tradebot/strategy';
import { QueueEvents, type Queue, type Worker } from 'bullmq';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadEnv } from '../src/env.js';
import { newsProcessor, scheduleNewsRefresh } from '../src/news.processor.js';
import { capturedLog } from './captured-log.js';
import { TEST_KEY, TEST_NAMESPACE, waitFor } from './worker-process.js';

/**
 * The news refresh as production runs it: the news queue on the test Redis, the worker's
 * processor calling core's news service, real PostgreSQL, the process's demo market (its clock
 * paused at DEMO_CLOCK_START) and, for Alpaca users, a local HTTP server answering Alpaca's
 * documented `GET /v1beta1/news` JSON at ALPACA_DATA_URL.
 */

interface Article {
  id: number;
  headline: string;
  author: string;
  created_at: string;
  updated_at: string;
  summary: string;
  content: string;
  images: { size: string; url: string }[];
  url: string;
  symbols: string[];
  source: string;
}

const HOUR = 3_600_000;
const BAD_KEY = 'PKREVOKED0000001';
const articles: Article[] = [];
const newsCalls: { keyId: string; secret: string; symbols: string }[] = [];
let alpaca: Server;

function article(id: number, hoursAgo: number, symbols: string[], headline: string): Article {
  const at = new Date(Date.now() - hoursAgo * HOUR).toISOString();
  return {
    id,
    headline,
    author: 'Benzinga Newsdesk',
    created_at: at,
    updated_at: at,
    summary: `Summary of story ${id}`,
    content: '',
    images: [],
    url: `https://www.benzinga.com/news/${id}`,
    symbols,
    source: 'benzinga',
  };
}

/** Alpaca's news endpoint: symbols filter, start/end window, newest first, pages of `limit`. */
function startFakeAlpaca(): Promise<string> {
  alpaca = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const keyId = String(request.headers['apca-api-key-id'] ?? '');
    const secret = String(request.headers['apca-api-secret-key'] ?? '');
    if (url.pathname !== '/v1beta1/news') return void response.writeHead(404).end('not found');
    const symbols = url.searchParams.get('symbols') ?? '';
    newsCalls.push({ keyId, secret, symbols });
    if (keyId === BAD_KEY) {
      response.writeHead(401, { 'content-type': 'application/json' });
      return void response.end(JSON.stringify({ message: 'forbidden.' }));
    }
    const wanted = new Set(symbols.split(','));
    const start = Date.parse(url.searchParams.get('start') ?? '1970-01-01T00:00:00Z');
    const end = Date.parse(url.searchParams.get('end') ?? '2100-01-01T00:00:00Z');
    const limit = Number(url.searchParams.get('limit') ?? 10);
    const offset = Number(url.searchParams.get('page_token') ?? 0);
    const matching = articles
      .filter((a) => a.symbols.some((s) => wanted.has(s)))
      .filter((a) => Date.parse(a.created_at) >= start && Date.parse(a.created_at) <= end)
      .sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at));
    const page = matching.slice(offset, offset + limit);
    const next = offset + limit < matching.length ? String(offset + limit) : null;
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ news: page, next_page_token: next }));
  });
  return new Promise((done) =>
    alpaca.listen(0, '127.0.0.1', () =>
      done(`http://127.0.0.1:${(alpaca.address() as AddressInfo).port}`),
    ),
  );
}

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379/15';
let runtime: CoreRuntime;
let queue: Queue;
let events: QueueEvents;
let worker: Worker;
let demoSymbols: string[];
// The worker's log lines, each parsed (warn and above: the skips).
const { log, lines } = capturedLog('warn');

beforeAll(async () => {
  const url = await startFakeAlpaca();
  const env = loadEnv({
    NODE_ENV: 'test',
    DATABASE_URL: process.env.DATABASE_URL ?? '',
    REDIS_URL: redisUrl,
    ENCRYPTION_KEY: TEST_KEY,
    DEMO_TRADING_DAYS_PER_MINUTE: '0',
    ALPACA_TRADING_URL: url,
    ALPACA_DATA_URL: url,
  });
  runtime = await createCoreRuntime(env);
  expect(runtime.queueNamespace).toBe(TEST_NAMESPACE);
  const connection = createRedis(redisUrl, { forWorker: true });
  queue = openQueue(newsQueue, connection, TEST_NAMESPACE);
  events = new QueueEvents(newsQueue.name, {
    connection: createRedis(redisUrl, { forWorker: true }),
    prefix: `${TEST_NAMESPACE}:bull`,
  });
  await events.waitUntilReady();
  // Demo stocks that had news in the week before the (paused) demo clock.
  const universe = await runtime.demo.market.listUniverse();
  const withNews = [];
  for (const company of universe) {
    const items = await runtime.demo.market.getNews({ symbols: [company.symbol] });
    if (items.length >= 2) withNews.push(company.symbol);
    if (withNews.length === 3) break;
  }
  demoSymbols = withNews;
});
beforeEach(async () => {
  await worker?.close();
  await resetDatabase(runtime.db);
  await runtime.redis.flushdb();
  worker = startWorker(
    newsQueue,
    newsProcessor(runtime.services, log),
    createRedis(redisUrl, { forWorker: true }),
    TEST_NAMESPACE,
    1,
  );
  articles.length = 0;
  newsCalls.length = 0;
});
afterAll(async () => {
  await worker?.close();
  await events.close();
  await queue.close();
  await runtime.close();
  await new Promise((done) => alpaca.close(done));
});

let runs = 0;
/** One refresh through the queue and the worker, as a scheduler slot would run it. */
async function runRefresh() {
  const job = await queue.add(newsQueue.name, {}, { jobId: `news-test-${++runs}` });
  return job.waitUntilFinished(events, 20_000);
}

let users = 0;
async function newUser(market: 'demo' | 'alpaca', keys?: { key: string; secret: string }) {
  const name = `newsuser${++users}`;
  const { userId } = await registerUser(runtime.deps, {
    username: name,
    email: `${name}@example.com`,
    password: 'correct horse battery',
    country: 'US',
    phone_number: null,
    tos_accepted: true,
  });
  // What POST /api/update-account-settings and POST /api/use-demo-market do.
  if (keys)
    await runtime.services.account.updateSettings(userId, {
      alpaca_environment: 'paper',
      alpaca_api_key_paper: keys.key,
      alpaca_api_secret_paper: keys.secret,
    });
  if (market === 'demo') await chooseDemoMarket(runtime.db, userId);
  const token = await runtime.sessions.issueFull(userId);
  const session = await runtime.sessions.authenticate(token);
  if (!session) throw new Error('no session');
  return { userId, session };
}

/** Monitors symbols the way the lists do: backtest list rows of listings of the user's universe. */
async function monitor(userId: number, source: 'demo' | 'csv', symbols: string[]) {
  for (const symbol of symbols) {
    await runtime.db.company.upsert({
      where: { source_symbol: { source, symbol } },
      create: { source, symbol, companyName: `${symbol} Company` },
      update: {},
    });
    await runtime.db.backtestListEntry.create({ data: { userId, symbol } });
  }
}

describe('news refresh on the demo market', () => {
  it('caches scored demo headlines for monitored symbols in market time; a re-run adds nothing', async () => {
    const [s1, s2] = demoSymbols as [string, string];
    const a = await newUser('demo');
    await monitor(a.userId, 'demo', [s1, s2]);
    const now = runtime.demo.clock.now();
    // An item past the retention is pruned by the refresh.
    await runtime.db.newsItem.create({
      data: {
        market: 'demo',
        externalId: 'demo-OLD-2025-11-01',
        symbol: s1,
        title: 'Old news',
        description: '',
        url: 'https://news.example/old',
        source: 'Demo Wire',
        publishedAt: new Date(now - 40 * 24 * HOUR),
        sentimentScore: 0,
      },
    });

    const first = await runRefresh();
    const expected = await runtime.demo.market.getNews({ symbols: [s1, s2], limit: 1000 });
    expect(expected.length).toBeGreaterThan(2);
    expect(first).toMatchObject({
      demo_symbols: 2,
      alpaca_symbols: 0,
      inserted: expected.length,
      pruned: 1,
      skipped_users: [],
    });
    const rows = await runtime.db.newsItem.findMany({ orderBy: { id: 'asc' } });
    expect(rows).toHaveLength(expected.length);
    for (const row of rows) {
      expect(row.market).toBe('demo');
      expect([s1, s2]).toContain(row.symbol);
      const text = row.description ? `${row.title}. ${row.description}` : row.title;
      expect(row.sentimentScore).toBe(scoreSentiment(text));
      // Market time: the paused demo clock, months before the wall clock.
      expect(row.publishedAt.getTime()).toBeLessThanOrEqual(now);
    }

    const again = await runRefresh();
    expect(again).toMatchObject({ demo_symbols: 2, inserted: 0, pruned: 0 });
    expect(await runtime.db.newsItem.count()).toBe(expected.length);

    const news = await runtime.services.news.forUser(a.session);
    expect(news).toHaveLength(expected.length);
    expect(news.map((item) => item.published_at)).toEqual(
      expected.map((item) => new Date(item.publishedAt).toISOString()),
    );
    const top = expected[0];
    expect(news[0]).toEqual({
      title: top?.title,
      url: top?.url,
      description: top?.description,
      symbol: top?.symbol,
      source: 'Demo Wire',
      published_at: new Date(top?.publishedAt ?? 0).toISOString(),
      sentiment_score: rows.find((row) => row.externalId === top?.id)?.sentimentScore,
    });
  });

  it("scopes news to the user's own monitored symbols; empty when nothing is monitored", async () => {
    const [s1, s2, s3] = demoSymbols as [string, string, string];
    const a = await newUser('demo');
    const b = await newUser('demo');
    const c = await newUser('demo');
    await monitor(a.userId, 'demo', [s1, s2]);
    await monitor(b.userId, 'demo', [s3]);
    await runRefresh();

    const symbolsOf = async (session: typeof a.session) =>
      new Set((await runtime.services.news.forUser(session)).map((item) => item.symbol));
    expect(await symbolsOf(a.session)).toEqual(new Set([s1, s2]));
    expect(await symbolsOf(b.session)).toEqual(new Set([s3]));
    expect(await runtime.services.news.forUser(c.session)).toEqual([]);

    // Once B monitors s1 too, B reads s1 from the same shared cache (no refresh needed).
    await monitor(b.userId, 'demo', [s1]);
    expect(await symbolsOf(b.session)).toEqual(new Set([s1, s3]));
    expect(await symbolsOf(a.session)).toEqual(new Set([s1, s2]));
  });

  it('schedules one refresh per slot however often workers upsert the scheduler', async () => {
    const a = await newUser('demo');
    await monitor(a.userId, 'demo', [demoSymbols[0] as string]);
    await scheduleNewsRefresh(queue, 5);
    await scheduleNewsRefresh(queue, 5);
    expect(await queue.getJobSchedulers()).toHaveLength(1);
    // The first slot runs at once; its job id names the scheduler and the slot.
    await waitFor(async () => (await queue.getCompletedCount()) === 1, 15_000, 'first slot');
    const [job] = await queue.getCompleted();
    expect(job?.id).toMatch(new RegExp(`^repeat:${NEWS_SCHEDULER_ID}:\\d+$`));
    expect(job?.returnvalue.inserted).toBeGreaterThan(0);
    await queue.removeJobScheduler(NEWS_SCHEDULER_ID);
  });
});

describe('news refresh through Alpaca', () => {
  it("fetches each symbol once with one user's keys per batch, skips failing keys, never logs them", async () => {
    articles.push(
      article(1, 2, ['AAPL', 'MSFT'], 'Apple and Microsoft shares surge on record profit'),
      article(2, 5, ['AAPL'], 'Apple plunges after regulator opens probe'),
      article(3, 3, ['TSLA'], 'Tesla wins new contract'),
      article(4, 9 * 24, ['AAPL'], 'Too old for the lookback window'),
      article(5, 1, ['NVDA'], 'Nobody monitors this one'),
    );
    const c = await newUser('alpaca', { key: 'PKCAROL000000001', secret: 'carol-secret-0001' });
    const d = await newUser('alpaca', { key: BAD_KEY, secret: 'dave-secret-00002' });
    const e = await newUser('alpaca', { key: 'PKERIN0000000003', secret: 'erin-secret-00003' });
    await monitor(c.userId, 'csv', ['AAPL', 'MSFT']);
    await monitor(d.userId, 'csv', ['TSLA']);
    await monitor(e.userId, 'csv', ['AAPL', 'TSLA']);
    // On Alpaca (the default) without keys: nothing to fetch with.
    const f = await newUser('alpaca');
    await monitor(f.userId, 'csv', ['AMD']);

    lines.length = 0;
    const result = await runRefresh();
    expect(lines.map(({ level, userId, reason, msg }) => ({ level, userId, reason, msg }))).toEqual(
      [
        {
          level: 40,
          userId: d.userId,
          reason: 'Alpaca rejected the API keys (401) on GET /v1beta1/news',
          msg: 'news skipped a user on Alpaca',
        },
        {
          level: 40,
          userId: f.userId,
          reason: 'no saved paper Alpaca keys',
          msg: 'news skipped a user on Alpaca',
        },
      ],
    );
    expect(JSON.stringify(lines)).not.toMatch(/PK|secret/);
    expect(result).toMatchObject({ demo_symbols: 0, alpaca_symbols: 4, inserted: 4 });
    expect(result.skipped_users).toEqual([
      { user_id: d.userId, reason: 'Alpaca rejected the API keys (401) on GET /v1beta1/news' },
      { user_id: f.userId, reason: 'no saved paper Alpaca keys' },
    ]);
    expect(JSON.stringify(result)).not.toMatch(/PK|secret/);
    // Carol's keys fetch her symbols; Dave's fail; Erin's fetch only what is still missing.
    expect(newsCalls).toEqual([
      { keyId: 'PKCAROL000000001', secret: 'carol-secret-0001', symbols: 'AAPL,MSFT' },
      { keyId: BAD_KEY, secret: 'dave-secret-00002', symbols: 'TSLA' },
      { keyId: 'PKERIN0000000003', secret: 'erin-secret-00003', symbols: 'TSLA' },
    ]);
    const rows = await runtime.db.newsItem.findMany({
      orderBy: [{ externalId: 'asc' }],
      select: { market: true, externalId: true, symbol: true, sentimentScore: true },
    });
    expect(rows.map((row) => [row.market, row.externalId])).toEqual([
      ['alpaca', 'alpaca-1-AAPL'],
      ['alpaca', 'alpaca-1-MSFT'],
      ['alpaca', 'alpaca-2-AAPL'],
      ['alpaca', 'alpaca-3-TSLA'],
    ]);
    const score = (id: string) => rows.find((row) => row.externalId === id)?.sentimentScore ?? 0;
    expect(score('alpaca-1-AAPL')).toBeGreaterThan(0);
    expect(score('alpaca-2-AAPL')).toBeLessThan(0);

    const carol = await runtime.services.news.forUser(c.session);
    expect(carol.map((item) => [item.symbol, item.title])).toEqual([
      ['AAPL', 'Apple and Microsoft shares surge on record profit'],
      ['MSFT', 'Apple and Microsoft shares surge on record profit'],
      ['AAPL', 'Apple plunges after regulator opens probe'],
    ]);
    expect(carol[0]).toMatchObject({
      url: 'https://www.benzinga.com/news/1',
      description: 'Summary of story 1',
      source: 'benzinga',
      published_at: articles[0]?.created_at,
    });
    // Dave monitors TSLA: its news came in with Erin's keys.
    expect((await runtime.services.news.forUser(d.session)).map((item) => item.symbol)).toEqual([
      'TSLA',
    ]);

    newsCalls.length = 0;
    expect(await runRefresh()).toMatchObject({ inserted: 0 });
    expect(await runtime.db.newsItem.count()).toBe(4);
  });

  it('keeps the markets apart: a demo user monitoring the same name reads no Alpaca item', async () => {
    articles.push(article(7, 1, ['AAPL'], 'Apple climbs'));
    const c = await newUser('alpaca', { key: 'PKCAROL000000001', secret: 'carol-secret-0001' });
    const demo = await newUser('demo');
    await monitor(c.userId, 'csv', ['AAPL']);
    await monitor(demo.userId, 'demo', ['AAPL']);
    await runRefresh();
    expect(await runtime.services.news.forUser(c.session)).toHaveLength(1);
    // AAPL is no demo listing: the demo market has no news of it, and the Alpaca row is not
    // the demo user's to read.
    expect(await runtime.db.newsItem.count({ where: { symbol: 'AAPL' } })).toBe(1);
    expect(await runtime.services.news.forUser(demo.session)).toEqual([]);
  });
});
