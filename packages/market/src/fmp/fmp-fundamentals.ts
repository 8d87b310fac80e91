import { isMarketOpenAt, lastCompletedTradingDay, sessionOf } from '../calendar/nyse.js';
import type { CompanyFundamentals, FundamentalsPort } from '../ports/fundamentals.port.js';
import { systemWallTime } from '../wall-time.js';
import { createLimiter } from './limiter.js';
import { toCompanyFundamentals } from './mapping.js';
import {
  firstRow,
  ZFmpFinancialGrowth,
  ZFmpKeyMetricsTtm,
  ZFmpProfile,
  ZFmpRatiosTtm,
  ZFmpSharesFloat,
} from './schemas.js';
import { resolveFmpBaseUrl, type FmpEnv } from './settings.js';
import { callName, getFmpJson, type FmpTransport } from './transport.js';
import type { z } from 'zod';

export interface FmpFundamentalsOptions {
  /** The FMP API key (`FMP_API_KEY`); sent as the `apikey` query parameter FMP requires. */
  apiKey: string;
  /** The universe `listUniverse` reads (FMP's own lists are plan-dependent and huge). */
  symbols?: readonly string[];
  /** Base address of the stable API. Wins over `env.FMP_BASE_URL`; default FMP's own. */
  baseUrl?: string;
  env?: FmpEnv;
  /** Requests in flight at once (default 5). */
  concurrency?: number;
  /** Retries of a 429, 5xx or network failure (default 4), each wait capped at `maxWaitMs`. */
  maxRetries?: number;
  maxWaitMs?: number;
  sleep?: (ms: number) => Promise<void>;
  /** Wall time, ms: the `last_updated` of what is fetched, and HTTP-date Retry-After. */
  wallTime?: () => number;
  fetch?: typeof fetch;
}

/** FMP writes share classes with a dash (BRK-B) where the S&P list has a dot (BRK.B). */
export const fmpSymbol = (symbol: string) => symbol.replace(/\./g, '-');

/**
 * `FundamentalsPort` over Financial Modeling Prep's stable JSON API. One company costs five
 * requests (profile, ratios-ttm, key-metrics-ttm, financial-growth, shares-float; an ETF or
 * fund two, its ratios being meaningless), at most `concurrency` at a time across all callers
 * of this instance. The profile comes first: `[]` there means FMP does not know the symbol, and
 * `getCompany` answers null without asking the rest.
 */
export class FmpFundamentals implements FundamentalsPort {
  private readonly transport: FmpTransport;
  private readonly symbols: readonly string[];
  private readonly wallTime: () => number;

  constructor(options: FmpFundamentalsOptions) {
    if (!options.apiKey || options.apiKey.trim() === '')
      throw new RangeError('FMP needs an API key');
    this.wallTime = options.wallTime ?? systemWallTime;
    this.symbols = [...new Set((options.symbols ?? []).map(normalize).filter(Boolean))].sort();
    this.transport = {
      baseUrl: resolveFmpBaseUrl(options.baseUrl, options.env),
      apiKey: options.apiKey.trim(),
      limit: createLimiter(options.concurrency ?? 5),
      fetch: options.fetch ?? ((input, init) => fetch(input, init)),
      maxRetries: options.maxRetries ?? 4,
      maxWaitMs: options.maxWaitMs ?? 60_000,
      sleep: options.sleep ?? ((ms) => new Promise((done) => setTimeout(done, ms))),
      wallTime: this.wallTime,
    };
  }

  /**
   * Every symbol given at construction that FMP knows, in symbol order. Any failure (bad key,
   * plan, malformed payload) rejects the whole list: a partial universe would look complete.
   */
  async listUniverse(): Promise<CompanyFundamentals[]> {
    const companies = await Promise.all(this.symbols.map((symbol) => this.getCompany(symbol)));
    return companies.filter((company): company is CompanyFundamentals => company !== null);
  }

  async getCompany(symbol: string): Promise<CompanyFundamentals | null> {
    const wanted = normalize(symbol);
    if (wanted === '') return null;
    const params = { symbol: fmpSymbol(wanted) };
    const profile = await this.row('profile', params, ZFmpProfile);
    if (profile === null) return null;
    const pooled = profile.isEtf === true || profile.isFund === true;
    const [ratios, metrics, growth, float] = await Promise.all([
      pooled ? null : this.row('ratios-ttm', params, ZFmpRatiosTtm),
      pooled ? null : this.row('key-metrics-ttm', params, ZFmpKeyMetricsTtm),
      pooled ? null : this.row('financial-growth', { ...params, limit: '1' }, ZFmpFinancialGrowth),
      this.row('shares-float', params, ZFmpSharesFloat),
    ]);
    return toCompanyFundamentals(
      wanted,
      { profile, ratios, metrics, growth, float },
      priceAsOf(this.wallTime()),
    );
  }

  private async row<S extends z.ZodType>(
    endpoint: string,
    params: Record<string, string>,
    schema: S,
  ): Promise<z.output<S> | null> {
    const body = await getFmpJson(this.transport, endpoint, params);
    return firstRow(schema, body, callName(endpoint, params));
  }
}

/**
 * When FMP's price was true: now during a session (FMP's quote is live), else the close of the
 * last completed session. So a refresh run twice after the close stamps the same instant, and
 * finds the rows unchanged.
 */
export function priceAsOf(now: number): number {
  if (isMarketOpenAt(now)) return now;
  return sessionOf(lastCompletedTradingDay(now))!.close;
}

function normalize(symbol: string): string {
  return typeof symbol === 'string' ? symbol.trim().toUpperCase() : '';
}
