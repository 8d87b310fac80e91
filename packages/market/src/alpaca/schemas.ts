import { z } from 'zod';
import { AlpacaPayloadError } from './errors.js';

/**
 * Alpaca's documented JSON, checked at the boundary. Only the fields the adapter uses are
 * required; documented fields it ignores (bar `n`/`vw`, trade conditions, news images …) may be
 * absent, so an Alpaca-compatible server that omits them still works. A payload that fails is
 * refused whole: the caller gets an `AlpacaPayloadError` naming every problem, never part of it.
 */

/** RFC 3339 instants as Alpaca writes them (`Z` or an offset; nanoseconds allowed) → ms. */
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
export const instant = z
  .string()
  .regex(RFC3339, 'expected an RFC 3339 timestamp')
  .transform((s, ctx) => {
    const ms = Date.parse(s);
    if (Number.isNaN(ms)) ctx.addIssue({ code: 'custom', message: `invalid timestamp ${s}` });
    return ms;
  });
const price = z.number().finite().positive();
const size = z.number().finite().nonnegative();
const nextPageToken = z.string().min(1).nullable().optional();

export const ZBar = z.object({
  t: instant,
  o: price,
  h: price,
  l: price,
  c: price,
  v: size,
  n: size.optional(),
  vw: z.number().finite().optional(),
});

/** `GET /v2/stocks/{symbol}/bars`; `bars` is null when nothing matched. */
export const ZBarsPage = z.object({
  symbol: z.string(),
  bars: z.array(ZBar).nullable(),
  next_page_token: nextPageToken,
});

/**
 * `GET /v2/stocks/bars` (many symbols): bars by symbol, sorted by symbol then time; a symbol's
 * bars may continue on the next page. `bars` is `{}` (or null) when nothing matched.
 */
export const ZMultiBarsPage = z.object({
  bars: z.record(z.string().min(1), z.array(ZBar).nullable()).nullable(),
  next_page_token: nextPageToken,
});

/**
 * One entry of `GET /v2/assets` (Alpaca's Asset object). Strict on what the universe uses;
 * documented fields it ignores (id, marginable, maintenance_margin_requirement, attributes …)
 * and undocumented extras pass unchecked.
 */
export const ZAsset = z.object({
  class: z.string(),
  exchange: z.string().min(1),
  symbol: z.string().min(1),
  // Alpaca leaves the name empty for a few listings.
  name: z.string().nullable(),
  status: z.string(),
  tradable: z.boolean(),
  shortable: z.boolean(),
  easy_to_borrow: z.boolean(),
  fractionable: z.boolean(),
});
export const ZAssets = z.array(ZAsset);

/** `GET /v2/stocks/{symbol}/trades/latest`. */
export const ZLatestTrade = z.object({
  symbol: z.string(),
  trade: z.object({ t: instant, p: price, s: size }),
});

/** `GET /v2/stocks/{symbol}/quotes/latest`. A side with no order has price 0. */
export const ZLatestQuote = z.object({
  symbol: z.string(),
  quote: z.object({
    t: instant,
    bp: z.number().finite().nonnegative(),
    ap: z.number().finite().nonnegative(),
    bs: size,
    as: size,
  }),
});

/** `GET /v2/clock`. */
export const ZClock = z.object({
  timestamp: instant,
  is_open: z.boolean(),
  next_open: instant,
  next_close: instant,
});

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'expected HH:MM');

/** `GET /v2/calendar`: one row per trading day, New York times. */
export const ZCalendar = z.array(
  z.object({
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected YYYY-MM-DD'),
    open: hhmm,
    close: hhmm,
  }),
);

/** `GET /v1beta1/news`; `news` may be null or empty when nothing matched. */
export const ZNewsPage = z.object({
  news: z
    .array(
      z.object({
        id: z.union([z.number().int(), z.string().min(1)]),
        headline: z.string(),
        summary: z.string().nullable().optional(),
        url: z.string().nullable().optional(),
        symbols: z.array(z.string()),
        source: z.string(),
        created_at: instant,
      }),
    )
    .nullable(),
  next_page_token: nextPageToken,
});

function pathOf(path: readonly PropertyKey[]): string {
  let out = '';
  for (const p of path) out += typeof p === 'number' ? `[${p}]` : `${out ? '.' : ''}${String(p)}`;
  return out || '(body)';
}

/**
 * Parses a response body with `schema`, or throws `AlpacaPayloadError` listing what was wrong
 * (at most 5 problems, then a count), e.g. `bars[1].c: Invalid input: expected number, received
 * string`.
 */
export function parsePayload<S extends z.ZodType>(
  schema: S,
  text: string,
  call: string,
): z.output<S> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new AlpacaPayloadError(call, [`body is not JSON (${text.slice(0, 40) || 'empty'})`]);
  }
  const result = schema.safeParse(json);
  if (result.success) return result.data;
  throw new AlpacaPayloadError(call, issueLines(result.error));
}

/** A zod error as message lines: at most 5 `path: problem`, then a count of the rest. */
export function issueLines(error: z.ZodError): string[] {
  const problems = error.issues.map((i) => `${pathOf(i.path)}: ${i.message}`);
  const shown = problems.slice(0, 5);
  if (problems.length > 5) shown.push(`and ${problems.length - 5} more`);
  return shown;
}
