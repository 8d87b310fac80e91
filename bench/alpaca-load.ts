/**
 * Loading a whole universe from Alpaca within its rate limit. An in-process Alpaca-compatible
 * server on 127.0.0.1 serves `GET /v2/clock`, `GET /v2/assets` (N synthetic symbols) and the
 * multi-symbol `GET /v2/stocks/bars` (every symbol has two years of daily bars; `limit` counts
 * bars over the page, sorted by symbol then time, like Alpaca) and enforces Alpaca's limit
 * itself: more than `--per-minute` requests in any sliding window answers 429 with `Retry-After`
 * (and `X-RateLimit-Reset`). `--loaders` adapters (two jobs, say) load disjoint halves of the
 * universe through `getDailyBarsMany`, all on one key whose budget is core's Redis limiter.
 *
 *   npx tsx bench/alpaca-load.ts [--symbols=10000] [--per-minute=200] [--window-ms=60000]
 *                                [--loaders=2]
 *
 * A shorter `--window-ms` runs the same load faster (e.g. 6000: 200 per 6 s, ten times faster).
 * Prints wall time, requests, 429s and the ratio of the wall time to the ideal: requests ÷ the
 * budget per window. Redis: BENCH_REDIS_URL, default redis://127.0.0.1:6379/12.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { alpacaLimiters } from '@tradebot/core';
import {
  AlpacaMarketData,
  SYMBOLS_PER_REQUEST,
  dayFromIso,
  newYorkInstant,
  sessionsBetween,
} from '@tradebot/market';
import { Redis } from 'ioredis';
import { fmt, summary, target } from './lib/report.js';

const { values } = parseArgs({
  options: {
    symbols: { type: 'string' },
    'per-minute': { type: 'string' },
    'window-ms': { type: 'string' },
    loaders: { type: 'string' },
  },
});
const SYMBOLS = Number(values.symbols ?? 10_000);
const LIMIT = Number(values['per-minute'] ?? 200);
const WINDOW_MS = Number(values['window-ms'] ?? 60_000);
const LOADERS = Number(values.loaders ?? 2);
const PAGE = 10_000;
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/12';

// After the close of Tuesday 2 June 2026; two years of sessions up to it.
const CLOCK = {
  timestamp: '2026-06-02T17:30:00-04:00',
  is_open: false,
  next_open: '2026-06-03T09:30:00-04:00',
  next_close: '2026-06-03T16:00:00-04:00',
};
const RANGE = { from: '2024-06-03', to: '2026-06-02' };

const symbols = Array.from({ length: SYMBOLS }, (_, i) => `S${String(i).padStart(5, '0')}`);

/** Sessions from start to end of a request (cached: every group asks the same range). */
const sessionsCache = new Map<string, string[]>();
function sessionStamps(start: string, end: string): string[] {
  const key = `${start}|${end}`;
  let stamps = sessionsCache.get(key);
  if (!stamps) {
    const days = sessionsBetween(dayFromIso(start.slice(0, 10)), dayFromIso(end.slice(0, 10)));
    stamps = days.map((s) => new Date(newYorkInstant(s.day, 0)).toISOString());
    sessionsCache.set(key, stamps);
  }
  return stamps;
}

function bar(t: string, symbolIndex: number, dayIndex: number) {
  const c = 20 + (symbolIndex % 200) + ((dayIndex * 7 + symbolIndex) % 13) * 0.25;
  return { t, o: c - 0.1, h: c + 0.5, l: c - 0.5, c, v: 100_000 + dayIndex, n: 500, vw: c };
}

// The server: what Alpaca would see.
const arrivals: number[] = [];
let refused = 0;
let served = 0;
let bars = 0;
const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const now = Date.now();
  while (arrivals.length > 0 && arrivals[0]! <= now - WINDOW_MS) arrivals.shift();
  res.setHeader('content-type', 'application/json');
  if (arrivals.length >= LIMIT) {
    refused++;
    const free = arrivals[0]! + WINDOW_MS;
    res.statusCode = 429;
    res.setHeader('Retry-After', String(Math.max(1, Math.ceil((free - now) / 1000))));
    res.setHeader('X-RateLimit-Reset', String(Math.ceil(free / 1000)));
    return res.end(JSON.stringify({ code: 42910000, message: 'rate limit exceeded' }));
  }
  arrivals.push(now);
  served++;
  if (url.pathname === '/v2/clock') return res.end(JSON.stringify(CLOCK));
  if (url.pathname === '/v2/assets') {
    const assets = symbols.map((symbol) => ({
      id: symbol,
      class: 'us_equity',
      exchange: 'NASDAQ',
      symbol,
      name: `${symbol} Corp`,
      status: 'active',
      tradable: true,
      marginable: true,
      shortable: true,
      easy_to_borrow: true,
      fractionable: true,
    }));
    return res.end(JSON.stringify(assets));
  }
  if (url.pathname === '/v2/stocks/bars') {
    const q = url.searchParams;
    const group = (q.get('symbols') ?? '').split(',').sort();
    const stamps = sessionStamps(q.get('start') ?? '', q.get('end') ?? '');
    const token = q.get('page_token');
    const from = token === null ? 0 : Number(Buffer.from(token, 'base64').toString('utf8'));
    const limit = Number(q.get('limit') ?? 1000);
    const total = group.length * stamps.length;
    const page: Record<string, ReturnType<typeof bar>[]> = {};
    for (let k = from; k < Math.min(total, from + limit); k++) {
      const symbol = group[Math.floor(k / stamps.length)]!;
      const day = k % stamps.length;
      (page[symbol] ??= []).push(bar(stamps[day]!, Number(symbol.slice(1)), day));
    }
    bars += Math.min(total, from + limit) - from;
    const next = from + limit < total ? Buffer.from(String(from + limit)).toString('base64') : null;
    return res.end(JSON.stringify({ bars: page, next_page_token: next }));
  }
  res.statusCode = 404;
  res.end(JSON.stringify({ code: 40410000, message: 'not found' }));
});
await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

console.log(
  `Alpaca load: ${SYMBOLS} symbols × 2 years, ${LIMIT} requests per ${WINDOW_MS / 1000} s, ` +
    `${LOADERS} loaders on one key, ${SYMBOLS_PER_REQUEST} symbols a request, ${PAGE} bars a page`,
);
const namespace = `bench-alpaca-${process.pid}`;
const connections: Redis[] = [];
function loader() {
  const redis = new Redis(REDIS_URL);
  connections.push(redis);
  const limiter = alpacaLimiters(redis, namespace, { limit: LIMIT, windowMs: WINDOW_MS })(
    'PKBENCHKEY',
    { maxWaitMs: 10 * WINDOW_MS },
  );
  return AlpacaMarketData.connect({
    keyId: 'PKBENCHKEY',
    secret: 'bench-secret',
    tradingUrl: base,
    dataUrl: base,
    limiter,
    maxRetries: 5,
    maxRetryWaitMs: WINDOW_MS,
  });
}

const started = Date.now();
const adapters = await Promise.all(Array.from({ length: LOADERS }, loader));
const listed = await adapters[0]!.listAssets();
let rows = 0;
const share = Math.ceil(listed.length / LOADERS);
await Promise.all(
  adapters.map((adapter, i) =>
    adapter.getDailyBarsMany(
      listed.slice(i * share, (i + 1) * share).map((a) => a.symbol),
      RANGE,
      async (page) => {
        rows += page.length;
      },
    ),
  ),
);
const wallMs = Date.now() - started;
const requests = served + refused;
const idealMs = (served / LIMIT) * WINDOW_MS;
const sessions = sessionStamps(`${RANGE.from}T00:00:00Z`, `${RANGE.to}T00:00:00Z`).length;
const fewestPages = Math.ceil((SYMBOLS * sessions) / PAGE);

console.log(`  wall time          ${fmt(wallMs / 1000, 4)} s`);
console.log(`  requests           ${requests} (${served} answered, ${refused} refused with 429)`);
console.log(`  bars handed over   ${rows} (${sessions} sessions × ${listed.length} symbols)`);
console.log(`  bars served        ${bars}`);
console.log(
  `  pages vs fewest    ${served - LOADERS - 1} bar pages; ${fewestPages} if pages held whole ` +
    `symbols across groups (${fmt((served - LOADERS - 1) / fewestPages)}×)`,
);
console.log(
  `  ideal              ${fmt(idealMs / 1000, 4)} s (${served} requests ÷ ${LIMIT} per ` +
    `${WINDOW_MS / 1000} s); ratio ${fmt(wallMs / idealMs)}`,
);
target('every bar handed over', rows === listed.length * sessions, `${rows} rows`);
target('no 429 from the server', refused === 0, `${refused} refused`);
target(
  'within 1.25× of the ideal wall time',
  wallMs <= idealMs * 1.25,
  `${fmt(wallMs / idealMs)}× of ${fmt(idealMs / 1000, 4)} s`,
);
summary();
connections.forEach((r) => r.disconnect());
server.close();
process.exit(0);
