import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseFundamentalsFile } from './fundamentals.js';
import { FUNDAMENTALS_FILE, PRICES_DIR } from './layout.js';
import { parsePriceFile } from './prices.js';

/** `../shared/data` beside the repository root; absent on machines without the shared folder. */
const dataDir = fileURLToPath(new URL('../../../../../shared/data', import.meta.url));
const present =
  existsSync(join(dataDir, PRICES_DIR)) && existsSync(join(dataDir, FUNDAMENTALS_FILE));
if (!present) console.warn(`Skipping the real-data CSV test: ${dataDir} is not here.`);

describe.skipIf(!present)('the real files in ../shared/data', () => {
  it('parses all 503 companies without a rejection, with GICS sectors for every one', () => {
    const parsed = parseFundamentalsFile(
      FUNDAMENTALS_FILE,
      readFileSync(join(dataDir, FUNDAMENTALS_FILE), 'utf8'),
    );
    expect(parsed.rejected).toEqual([]);
    expect(parsed.companies).toHaveLength(503);
    expect(parsed.companies.filter((c) => c.sector === null)).toEqual([]);
    const apple = parsed.companies.find((c) => c.symbol === 'AAPL');
    expect(apple).toMatchObject({
      company_name: 'Apple Inc.',
      sector: 'Information Technology',
      dividend_yield: 0.35,
    });
  });

  it('parses the 108 price files without a rejection', () => {
    const names = readdirSync(join(dataDir, PRICES_DIR)).filter((name) => name.endsWith('.csv'));
    expect(names).toHaveLength(108);
    let rows = 0;
    for (const name of names) {
      const parsed = parsePriceFile(
        `${PRICES_DIR}/${name}`,
        name,
        readFileSync(join(dataDir, PRICES_DIR, name), 'utf8'),
      );
      expect(parsed.rejected).toEqual([]);
      rows += parsed.rows.length;
    }
    expect(rows).toBe(264_273);
    // Heavy on CPU: room for a machine running the whole suite.
  }, 30_000);
});
