import type { AssetType } from '../ports/fundamentals.port.js';
import { parseCsvText } from './csv-text.js';
import { gicsSector } from './gics.js';
import { checkHeader, parseNumber, SYMBOL_PATTERN, type RejectedRow } from './rejections.js';

/** The columns of `fundamentals/sp500-constituents-financials.csv`. */
export const FUNDAMENTAL_COLUMNS = [
  'Symbol',
  'Name',
  'Sector',
  'Price',
  'Price/Earnings',
  'Dividend Yield',
  'Earnings/Share',
  '52 Week Low',
  '52 Week High',
  'Market Cap',
  'EBITDA',
  'Price/Sales',
  'Price/Book',
  'SEC Filings',
] as const;

/**
 * One company of the snapshot in `CompanyFundamentals`' names and units. `dividend_yield` is
 * in **percent**: the file gives a fraction (0.0175), the port and the screener's bounds use
 * percent (1.75). A P/E or P/B that is zero or negative (losses, negative equity) means
 * nothing as a multiple and becomes null, as in the demo market. Empty cells are null.
 */
export interface CsvCompany {
  symbol: string;
  company_name: string;
  /** GICS sector derived from the sub-industry; null when the sub-industry is unknown. */
  sector: string | null;
  /** The file's "Sector" column, which holds the GICS sub-industry. */
  industry: string | null;
  asset_type: AssetType;
  sec_filings_url: string | null;
  price: number | null;
  pe_ratio: number | null;
  dividend_yield: number | null;
  eps: number | null;
  week_52_low: number | null;
  week_52_high: number | null;
  market_cap: number | null;
  ebitda: number | null;
  ps_ratio: number | null;
  pb_ratio: number | null;
}

export interface ParsedFundamentals {
  companies: CsvCompany[];
  rejected: RejectedRow[];
  fatal: boolean;
}

type RowError = { column: string | null; reason: string };

/** Parses the snapshot; `file` is the name the report shows. Companies come in file order. */
export function parseFundamentalsFile(file: string, text: string): ParsedFundamentals {
  const [header, ...records] = parseCsvText(text);
  if (!header) {
    return {
      companies: [],
      rejected: [{ file, row: 1, column: null, reason: 'empty file: no header' }],
      fatal: true,
    };
  }
  const checked = checkHeader(file, header.fields, FUNDAMENTAL_COLUMNS);
  if (checked.fatal) return { companies: [], rejected: checked.rejected, fatal: true };
  const rejected = [...checked.rejected];
  const firstRowOf = new Map<string, number>();
  const companies: CsvCompany[] = [];
  for (const record of records) {
    const result = readCompany(record.fields, header.fields.length, checked.index);
    if ('company' in result) {
      const seenAt = firstRowOf.get(result.company.symbol);
      if (seenAt === undefined) {
        firstRowOf.set(result.company.symbol, record.line);
        companies.push(result.company);
        continue;
      }
      result.errors.push({ column: 'Symbol', reason: `duplicate symbol (first at row ${seenAt})` });
    }
    for (const error of result.errors) rejected.push({ file, row: record.line, ...error });
  }
  return { companies, rejected, fatal: false };
}

function readCompany(
  fields: string[],
  width: number,
  index: Map<string, number>,
): { company: CsvCompany; errors: RowError[] } | { errors: RowError[] } {
  if (fields.length !== width) {
    return {
      errors: [{ column: null, reason: `expected ${width} fields, found ${fields.length}` }],
    };
  }
  const errors: RowError[] = [];
  const get = (column: string) => (fields[index.get(column) as number] ?? '').trim();
  const symbol = get('Symbol').toUpperCase();
  if (symbol === '') errors.push({ column: 'Symbol', reason: 'empty symbol' });
  else if (!SYMBOL_PATTERN.test(symbol))
    errors.push({ column: 'Symbol', reason: `not a ticker symbol: "${symbol}"` });
  const company_name = get('Name');
  if (company_name === '') errors.push({ column: 'Name', reason: 'empty name' });
  const number = (column: string, rule: (v: number) => boolean = () => true, what = '') => {
    const text = get(column);
    if (text === '') return null;
    const value = parseNumber(text);
    if (value === null) errors.push({ column, reason: `not a number: "${text}"` });
    else if (!rule(value)) errors.push({ column, reason: `${what}: ${text}` });
    return value;
  };
  const nonNegative = (v: number) => v >= 0;
  const price = number('Price', (v) => v > 0, 'price must be positive');
  const week_52_low = number('52 Week Low', (v) => v > 0, 'price must be positive');
  const week_52_high = number('52 Week High', (v) => v > 0, 'price must be positive');
  const yieldFraction = number('Dividend Yield', nonNegative, 'yield must be ≥ 0');
  const market_cap = number('Market Cap', nonNegative, 'market cap must be ≥ 0');
  const ps_ratio = number('Price/Sales', nonNegative, 'ratio must be ≥ 0');
  const pe = number('Price/Earnings');
  const pb = number('Price/Book');
  const eps = number('Earnings/Share');
  const ebitda = number('EBITDA');
  if (week_52_low !== null && week_52_high !== null && week_52_high < week_52_low) {
    errors.push({
      column: '52 Week High',
      reason: `52-week high ${week_52_high} is below the low ${week_52_low}`,
    });
  }
  if (errors.length > 0) return { errors };
  const industry = get('Sector') || null;
  const company: CsvCompany = {
    symbol,
    company_name,
    sector: industry === null ? null : gicsSector(industry),
    industry,
    asset_type: industry !== null && /\bREITs?\b/.test(industry) ? 'reit' : 'stock',
    sec_filings_url: get('SEC Filings') || null,
    price,
    pe_ratio: pe !== null && pe > 0 ? pe : null,
    // Rounded so 0.0175 reads 1.75, not 1.7500000000000002.
    dividend_yield: yieldFraction === null ? null : Math.round(yieldFraction * 100 * 1e10) / 1e10,
    eps,
    week_52_low,
    week_52_high,
    market_cap,
    ebitda,
    ps_ratio,
    pb_ratio: pb !== null && pb > 0 ? pb : null,
  };
  return { company, errors };
}
