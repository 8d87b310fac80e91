import { describe, expect, it } from 'vitest';
import { FUNDAMENTAL_COLUMNS, parseFundamentalsFile } from './fundamentals.js';

const FILE = 'fundamentals/sp500-constituents-financials.csv';
const HEADER = FUNDAMENTAL_COLUMNS.join(',');
const SEC = 'http://www.sec.gov/cgi-bin/browse-edgar?action=getcompany&CIK=';

describe('the fundamentals snapshot', () => {
  it('reads companies in the port units: yield in percent, sector from the sub-industry', () => {
    const parsed = parseFundamentalsFile(
      FILE,
      `${HEADER}\nMMM,3M,Industrial Conglomerates,178.96,31.786858,0.0175,5.63,139.34,184.9,92293693440,6488000000,3.665357,31.26485,${SEC}MMM\n` +
        `BXP,"BXP, Inc.",Office REITs,67.67,,,1.86,49.72,79.33,12239975424,1617154048,3.8367183,-2.09,${SEC}BXP\n`,
    );
    expect(parsed.rejected).toEqual([]);
    expect(parsed.companies[0]).toEqual({
      symbol: 'MMM',
      company_name: '3M',
      sector: 'Industrials',
      industry: 'Industrial Conglomerates',
      asset_type: 'stock',
      sec_filings_url: `${SEC}MMM`,
      price: 178.96,
      pe_ratio: 31.786858,
      dividend_yield: 1.75,
      eps: 5.63,
      week_52_low: 139.34,
      week_52_high: 184.9,
      market_cap: 92293693440,
      ebitda: 6488000000,
      ps_ratio: 3.665357,
      pb_ratio: 31.26485,
    });
    // Quoted name with a comma; empty cells null; negative P/B (negative equity) null; a REIT.
    expect(parsed.companies[1]).toMatchObject({
      company_name: 'BXP, Inc.',
      sector: 'Real Estate',
      asset_type: 'reit',
      pe_ratio: null,
      dividend_yield: null,
      pb_ratio: null,
    });
  });

  it('rejects bad rows and keeps the good ones', () => {
    const parsed = parseFundamentalsFile(
      FILE,
      [
        HEADER,
        `AAA,Alpha,Biotechnology,10,,,,,,,,,,`, // row 2: good, almost empty
        `,Nameless,Biotechnology,10,,,,,,,,,,`, // row 3: empty symbol
        `BBB,Beta,Biotechnology,-3,,,,,,,,,,`, // row 4: negative price
        `CCC,Gamma,Biotechnology,abc,,,,,,,,,,`, // row 5: bad number
        `DDD,Delta,Biotechnology,10,,,,90,80,,,,,`, // row 6: 52-week high below low
        `aaa,Alpha again,Biotechnology,10,,,,,,,,,,`, // row 7: duplicate symbol
        `EEE,Epsilon,Biotechnology`, // row 8: too few fields
      ].join('\n'),
    );
    expect(parsed.companies.map((c) => c.symbol)).toEqual(['AAA']);
    expect(parsed.companies[0]).toMatchObject({ sector: 'Health Care', price: 10, eps: null });
    expect(parsed.rejected).toEqual([
      { file: FILE, row: 3, column: 'Symbol', reason: 'empty symbol' },
      { file: FILE, row: 4, column: 'Price', reason: 'price must be positive: -3' },
      { file: FILE, row: 5, column: 'Price', reason: 'not a number: "abc"' },
      { file: FILE, row: 6, column: '52 Week High', reason: '52-week high 80 is below the low 90' },
      { file: FILE, row: 7, column: 'Symbol', reason: 'duplicate symbol (first at row 2)' },
      { file: FILE, row: 8, column: null, reason: 'expected 14 fields, found 3' },
    ]);
  });

  it('refuses the file without its header', () => {
    const parsed = parseFundamentalsFile(FILE, 'MMM,3M,Industrial Conglomerates\n');
    expect(parsed.fatal).toBe(true);
    expect(parsed.companies).toEqual([]);
    expect(parsed.rejected.filter((r) => r.reason.startsWith('missing column'))).toHaveLength(14);
  });
});
