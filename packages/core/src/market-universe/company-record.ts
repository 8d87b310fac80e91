import type { CompanyRecord, FundamentalField } from '@tradebot/db';
import type { AssetType } from '@tradebot/market';

/**
 * A listing as a source gives it (the CSV snapshot's `CsvCompany`, a provider's
 * `CompanyFundamentals`) → the row `upsertCompanies` writes: the one mapping every import and
 * refresh shares. Fields the source lacks stay null; an empty text ('' from a provider) is null
 * too, as an empty CSV cell is.
 */
export type Listing = {
  symbol: string;
  company_name: string;
  asset_type: AssetType;
} & Partial<
  Record<
    'sector' | 'industry' | 'domain' | 'description' | 'exchange' | 'sec_filings_url',
    string | null
  >
> &
  Partial<Record<FundamentalField, number | null>>;

const TEXTS = [
  'sector',
  'industry',
  'domain',
  'description',
  'exchange',
  'sec_filings_url',
] as const;

export function companyRecord(listing: Listing, fundamentalsAsOf?: Date): CompanyRecord {
  const { asset_type, ...rest } = listing;
  const record: CompanyRecord = { ...rest, security_type: asset_type };
  for (const field of TEXTS) if (record[field] === '') record[field] = null;
  if (fundamentalsAsOf) record.fundamentals_as_of = fundamentalsAsOf;
  return record;
}
