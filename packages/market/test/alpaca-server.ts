import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { dayFromIso, isoFromDay } from '../src/calendar/days.js';
import { newYorkInstant } from '../src/calendar/new-york-time.js';
import { sessionsBetween } from '../src/calendar/nyse.js';

/**
 * A fake Alpaca for msw, serving the JSON shapes of Alpaca's documentation (market data v2
 * `bars`/`trades/latest`/`quotes/latest`, `v1beta1/news`; trading `v2/clock`, `v2/calendar`),
 * written from the documented fields. It answers on any host, so a test can point the adapter
 * at its own addresses, and records every request it saw.
 */

/** A daily bar as Alpaca writes it: `t` is midnight New York time of the trading date. */
export function alpacaDailyBar(date: string, close: number) {
  const t = new Date(newYorkInstant(dayFromIso(date), 0)).toISOString().replace('.000Z', 'Z');
  return {
    t,
    o: close - 0.5,
    h: close + 1,
    l: close - 1,
    c: close,
    v: 1_000_000 + Math.round(close * 10),
    n: 12_345,
    vw: close - 0.1,
  };
}

/** Daily bars on every NYSE trading day from `from` to `to`, closes 100, 101, 102 … */
export function alpacaDailyBars(from: string, to: string) {
  return sessionsBetween(dayFromIso(from), dayFromIso(to)).map((s, i) =>
    alpacaDailyBar(isoFromDay(s.day), 100 + i),
  );
}

export interface NewsArticle {
  id: number;
  headline: string;
  author: string;
  created_at: string;
  updated_at: string;
  summary: string;
  content: string;
  images: { size: string; url: string }[];
  url: string | null;
  symbols: string[];
  source: string;
}

export function newsArticle(id: number, createdAt: string, symbols: string[]): NewsArticle {
  return {
    id,
    headline: `Headline ${id}`,
    author: 'Benzinga Newsdesk',
    created_at: createdAt,
    updated_at: createdAt,
    summary: `Summary ${id}`,
    content: '',
    images: [],
    url: `https://www.benzinga.com/news/${id}`,
    symbols,
    source: 'benzinga',
  };
}

export interface SeenRequest {
  method: string;
  url: URL;
  keyId: string | null;
  secret: string | null;
}

export interface FakeAlpacaState {
  bars: Map<string, ReturnType<typeof alpacaDailyBar>[]>;
  news: NewsArticle[];
  clock: { timestamp: string; is_open: boolean; next_open: string; next_close: string };
  calendar: {
    date: string;
    open: string;
    close: string;
    session_open: string;
    session_close: string;
    settlement_date: string;
  }[];
  requests: SeenRequest[];
}

/** Pages of `limit` items; the token is the next index, base64 like Alpaca's opaque tokens. */
function page<T>(items: T[], url: URL, defaultLimit: number) {
  const token = url.searchParams.get('page_token');
  const start = token === null ? 0 : Number(Buffer.from(token, 'base64').toString('utf8'));
  const limit = Number(url.searchParams.get('limit') ?? defaultLimit);
  const slice = items.slice(start, start + limit);
  const next = start + limit < items.length;
  return {
    slice,
    next_page_token: next ? Buffer.from(String(start + limit)).toString('base64') : null,
  };
}

/** `GET /v2/clock` on Tuesday 2024-03-05 at 10:00:00.123456789 New York time (open). */
export const DEFAULT_CLOCK = {
  timestamp: '2024-03-05T10:00:00.123456789-05:00',
  is_open: true,
  next_open: '2024-03-06T09:30:00-05:00',
  next_close: '2024-03-05T16:00:00-05:00',
};

export function createFakeAlpaca() {
  const state: FakeAlpacaState = {
    bars: new Map(),
    news: [],
    clock: { ...DEFAULT_CLOCK },
    calendar: [],
    requests: [],
  };
  const seen = (request: Request) => {
    const url = new URL(request.url);
    state.requests.push({
      method: request.method,
      url,
      keyId: request.headers.get('APCA-API-KEY-ID'),
      secret: request.headers.get('APCA-API-SECRET-KEY'),
    });
    return url;
  };
  const handlers = [
    http.get('*/v2/stocks/:symbol/bars', ({ request, params }) => {
      const url = seen(request);
      const symbol = String(params.symbol);
      const start = Date.parse(url.searchParams.get('start') ?? '1970-01-01T00:00:00Z');
      const end = Date.parse(url.searchParams.get('end') ?? '2100-01-01T00:00:00Z');
      const all = (state.bars.get(symbol) ?? []).filter((b) => {
        const t = Date.parse(b.t);
        return t >= start && t <= end;
      });
      const { slice, next_page_token } = page(all, url, 1000);
      // Alpaca answers `bars: null` when nothing matched.
      return HttpResponse.json({ bars: slice.length ? slice : null, symbol, next_page_token });
    }),
    http.get('*/v2/stocks/:symbol/trades/latest', ({ request, params }) => {
      seen(request);
      const symbol = String(params.symbol);
      if (!state.bars.has(symbol)) {
        return HttpResponse.json({ code: 40410000, message: 'symbol not found' }, { status: 404 });
      }
      return HttpResponse.json({
        symbol,
        trade: {
          t: '2024-03-05T15:00:01.123456789Z',
          x: 'V',
          p: 187.12,
          s: 100,
          c: ['@'],
          i: 52983525029461,
          z: 'C',
        },
      });
    }),
    http.get('*/v2/stocks/:symbol/quotes/latest', ({ request, params }) => {
      seen(request);
      const symbol = String(params.symbol);
      return HttpResponse.json({
        symbol,
        quote: {
          t: '2024-03-05T15:00:02Z',
          ax: 'V',
          ap: 187.15,
          as: 2,
          bx: 'V',
          bp: 187.1,
          bs: 3,
          c: ['R'],
          z: 'C',
        },
      });
    }),
    http.get('*/v1beta1/news', ({ request }) => {
      const url = seen(request);
      const wanted = new Set((url.searchParams.get('symbols') ?? '').split(','));
      const items = state.news
        .filter((n) => n.symbols.some((s) => wanted.has(s)))
        .sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at));
      const { slice, next_page_token } = page(items, url, 10);
      return HttpResponse.json({ news: slice, next_page_token });
    }),
    http.get('*/v2/clock', ({ request }) => {
      seen(request);
      return HttpResponse.json(state.clock);
    }),
    http.get('*/v2/calendar', ({ request }) => {
      seen(request);
      return HttpResponse.json(state.calendar);
    }),
  ];
  const server = setupServer(...handlers);
  return { server, state };
}

/** An Alpaca error answer: `{ code, message }` with the given status and headers. */
export function alpacaError(status: number, message: string, headers: Record<string, string> = {}) {
  return HttpResponse.json({ code: status * 100_000, message }, { status, headers });
}
