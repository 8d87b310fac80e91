import {
  inTransaction,
  listListings,
  upsertCompanies,
  type Db,
  type ListingKeep,
} from '@tradebot/db';
import {
  FmpError,
  FmpFundamentals,
  type CompanyFundamentals,
  type FundamentalsPort,
} from '@tradebot/market';
import { companyRecord } from './company-record.js';

/**
 * Refreshes the real universe (`companies` of source 'csv', the listings the CSV import loaded)
 * from a fundamentals provider: each listing's figures are fetched and written with the same
 * keyed upsert and row mapping as the import, so a re-run with unchanged figures writes
 * nothing, and a run that is killed leaves whole batches behind (the next run is the resume).
 *
 * The provider's classification is not the CSV's: the rows keep the CSV's GICS sector and
 * sub-industry (what the screener's sector names and the explorer use) and its SEC filings
 * address, which no provider sends; everything else comes from the provider.
 * A symbol the provider does not know, or whose answer failed, is left as it was and reported.
 * A rejected API key ends the run at once: every further request would fail the same way.
 */

export interface ProviderRefreshProgress {
  done: number;
  total: number;
}

export interface ProviderRefreshOptions {
  /** Symbols per batch: fetched together (the adapter limits its own concurrency), written in one transaction. */
  batchSize?: number;
  onProgress?: (progress: ProviderRefreshProgress) => void;
  signal?: AbortSignal;
}

export interface ProviderRefreshReport {
  /** Listings of the real universe when the run started. */
  symbols: number;
  /** Rows whose figures changed. */
  updated: number;
  /** Rows the provider answered for with the figures already stored. */
  unchanged: number;
  failed: { symbol: string; reason: string }[];
}

const UNKNOWN = 'unknown to the fundamentals provider';
const isFatal = (error: unknown) => error instanceof FmpError && error.kind === 'invalid-key';
const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export async function refreshFundamentalsFromProvider(
  db: Db,
  provider: FundamentalsPort,
  options: ProviderRefreshOptions = {},
): Promise<ProviderRefreshReport> {
  const listings = await listListings(db, 'csv');
  const report: ProviderRefreshReport = {
    symbols: listings.length,
    updated: 0,
    unchanged: 0,
    failed: [],
  };
  const size = Math.max(1, options.batchSize ?? 50);
  for (let start = 0; start < listings.length; start += size) {
    options.signal?.throwIfAborted();
    const batch = listings.slice(start, start + size);
    const answers = await Promise.allSettled(batch.map((l) => provider.getCompany(l.symbol)));
    const fresh: { keep: ListingKeep; company: CompanyFundamentals }[] = [];
    let fatal: unknown;
    answers.forEach((answer, i) => {
      const keep = batch[i] as ListingKeep;
      if (answer.status === 'rejected') {
        if (isFatal(answer.reason)) fatal ??= answer.reason;
        report.failed.push({ symbol: keep.symbol, reason: reasonOf(answer.reason) });
      } else if (answer.value === null)
        report.failed.push({ symbol: keep.symbol, reason: UNKNOWN });
      else fresh.push({ keep, company: answer.value });
    });
    if (fresh.length > 0) {
      const counts = await inTransaction(db, (client) =>
        upsertCompanies(client, 'csv', fresh.map(rowOf)),
      );
      // An insert only happens when a listing was deleted meanwhile: it is written all the same.
      report.updated += counts.updated + counts.inserted;
      report.unchanged += counts.unchanged;
    }
    options.onProgress?.({ done: Math.min(start + size, listings.length), total: listings.length });
    if (fatal !== undefined) {
      const reason = reasonOf(fatal);
      for (const rest of listings.slice(start + size))
        report.failed.push({ symbol: rest.symbol, reason });
      break;
    }
  }
  return report;
}

function rowOf({ keep, company }: { keep: ListingKeep; company: CompanyFundamentals }) {
  const { last_updated, ...listing } = company;
  return companyRecord(
    {
      ...listing,
      // The row's key is the symbol as the universe spells it (BRK.B), whatever the provider uses.
      symbol: keep.symbol,
      sector: keep.sector ?? listing.sector,
      industry: keep.industry ?? listing.industry,
      sec_filings_url: keep.sec_filings_url,
    },
    new Date(last_updated),
  );
}

/** The real universe's fundamentals provider of a deployment: FMP, when it has a key. */
export function fundamentalsProviderFor(settings: {
  FMP_API_KEY?: string | undefined;
  FMP_BASE_URL?: string | undefined;
}): FundamentalsPort | null {
  if (!settings.FMP_API_KEY) return null;
  return new FmpFundamentals({ apiKey: settings.FMP_API_KEY, env: settings });
}
