import { z } from 'zod';
import { server } from '../messages.js';

/** Explorer page size: page count is ceil(total / 100). */
export const EXPLORER_PAGE_SIZE = 100;
/** Longest search text kept (a company name fits; more is noise the index cannot use). */
export const EXPLORER_SEARCH_MAX = 100;
/** Most symbols one logo request may name (a page of the explorer or the screener's result). */
export const LOGO_BATCH_MAX = 1000;

/**
 * The 24 optional fields of the stock record, in the order of the explorer's metric
 * toggles; `metrics` of an explore request picks among them.
 */
export const EXPLORER_METRICS = [
  'market_cap',
  'pe_ratio',
  'pb_ratio',
  'dividend_yield',
  'roe',
  'roa',
  'gross_margin',
  'operating_margin',
  'ev_ebitda',
  'ps_ratio',
  'peg_ratio',
  'rsi',
  'atr_percent',
  'macd',
  'revenue_growth',
  'earnings_growth',
  'eps',
  'net_profit_margin',
  'book_value_per_share',
  'interest_coverage',
  'average_volume',
  'description',
  'domain',
  'last_updated',
] as const;
export type TExplorerMetric = (typeof EXPLORER_METRICS)[number];
/** The metrics that hold text; every other one is a number. */
export const EXPLORER_TEXT_METRICS = ['description', 'domain', 'last_updated'] as const;

const METRIC_SET = new Set<string>(EXPLORER_METRICS);

/** The columns the explorer's table sorts by: every one but the description. */
export const EXPLORER_SORT_COLUMNS = [
  'symbol',
  'company_name',
  ...EXPLORER_METRICS.filter((metric) => metric !== 'description'),
] as const;
export type TExplorerSortColumn =
  Exclude<TExplorerMetric, 'description'> | 'symbol' | 'company_name';

/** Ours: a sort over all the matching listings (missing values last), before the usual order. */
export const ZExplorerSort = z.object(
  {
    by: z.enum(
      EXPLORER_SORT_COLUMNS as unknown as [TExplorerSortColumn, ...TExplorerSortColumn[]],
      server.exploreSort,
    ),
    dir: z.enum(['asc', 'desc'], server.exploreSort),
  },
  server.exploreSort,
);
export type TExplorerSort = z.infer<typeof ZExplorerSort>;

/**
 * POST /api/stocks/explore: search trimmed (blank = no search), metrics by name (unknown names
 * refused by name), page 1-based, an optional sort. Omitted metrics = all of them; an empty
 * list = none.
 */
export const ZExploreInput = z.object({
  search: z
    .string(server.exploreSearchText)
    .nullish()
    .transform((text) => (text ?? '').trim().slice(0, EXPLORER_SEARCH_MAX)),
  metrics: z
    .array(z.string(server.exploreMetricsList), server.exploreMetricsList)
    .max(EXPLORER_METRICS.length * 2, server.exploreMetricsList)
    .nullish()
    .superRefine((names, ctx) => {
      const unknown = (names ?? []).filter((name) => !METRIC_SET.has(name));
      if (unknown.length > 0)
        ctx.addIssue({ code: 'custom', message: server.unknownMetrics(unknown) });
    })
    .transform((names) => (names ? (names as TExplorerMetric[]) : [...EXPLORER_METRICS])),
  page: z
    .number(server.explorePage)
    .int(server.explorePage)
    .min(1, server.explorePage)
    .max(100_000, server.explorePage)
    .nullish()
    .transform((page) => page ?? 1),
  sort: ZExplorerSort.nullish().transform((sort) => sort ?? null),
});
export type TExploreInput = z.input<typeof ZExploreInput>;

const number = z.number().nullable().optional();
const text = z.string().nullable().optional();

/** One explorer row; the logo is looked up separately. */
export const ZStockRecord = z.object({
  symbol: z.string(),
  company_name: z.string(),
  ...(Object.fromEntries(
    EXPLORER_METRICS.map((metric) => [
      metric,
      (EXPLORER_TEXT_METRICS as readonly string[]).includes(metric) ? text : number,
    ]),
  ) as Record<TExplorerMetric, typeof number>),
  description: text,
  domain: text,
  /** ISO instant of the newest of the fundamentals and the technical metrics. */
  last_updated: text,
});
export type TStockRecord = z.infer<typeof ZStockRecord>;
export const ZExploreOutput = z.array(ZStockRecord);

/**
 * GET /api/stocks/count: listings in the user's universe, and why it is empty or incomplete
 * when it is (the Alpaca market not loaded yet: no key, or a load in progress); else null.
 */
export const ZStockCountOutput = z.object({
  count: z.number().int(),
  notice: z.string().nullable().optional(),
});

/**
 * POST /api/stocks/logos/batch: entries that are not text, blank or not ticker-shaped
 * are skipped; the rest upper-cased and deduplicated.
 */
export const ZLogosBatchInput = z.object({
  symbols: z
    .array(z.unknown(), server.symbolsMustBeList)
    .max(LOGO_BATCH_MAX, server.tooManySymbols(LOGO_BATCH_MAX))
    .transform((list) => [
      ...new Set(
        list
          .filter((entry): entry is string => typeof entry === 'string')
          .map((entry) => entry.trim().toUpperCase())
          .filter((entry) => /^[A-Z][A-Z0-9.-]{0,9}$/.test(entry)),
      ),
    ]),
});
export const ZLogosOutput = z.record(z.string(), z.string().nullable());
export type TLogosOutput = z.infer<typeof ZLogosOutput>;
