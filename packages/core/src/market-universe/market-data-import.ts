import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  companyIdFor,
  inTransaction,
  upsertBars,
  upsertCompanies,
  type Db,
  type UpsertCounts,
} from '@tradebot/db';
import {
  FUNDAMENTALS_FILE,
  parseFundamentalsFile,
  parsePriceFile,
  PRICES_DIR,
  type CsvCompany,
  type RejectedRow,
} from '@tradebot/market';

/**
 * Loads a folder laid out like `../shared/data` (market/src/csv/layout.ts) into the `csv`
 * universe: first the fundamentals snapshot, then one price file at a time.
 *
 * Each file is one transaction: a file is either fully written or not at all, so a run that is
 * killed (or aborted) leaves whole files behind, and the next run upserts them again by their
 * keys ((source, symbol), (company, date)) without duplicates; that re-run is the resume.
 * Files are read one by one, so memory holds one file (about 160 kB for ten years of bars).
 */

/** Rows per statement: bounds one statement's parameters (10 arrays of this many values). */
const BAR_BATCH = 5_000;

export interface ImportProgress {
  filesDone: number;
  filesTotal: number;
  /** The file just finished, as the report names it (e.g. `prices-daily/AAPL.csv`). */
  file: string;
  /** Companies and bars read from good rows so far. */
  rows: number;
  rejected: number;
}

export interface ImportOptions {
  onProgress?: (progress: ImportProgress) => void;
  /** Checked between files and batches; an aborted run throws its reason, its last file undone. */
  signal?: AbortSignal;
}

export interface ImportReport {
  filesTotal: number;
  /** Files refused as a whole (missing column, bad name); their reasons are in `rejected`. */
  filesRefused: string[];
  companies: UpsertCounts;
  bars: UpsertCounts;
  rejected: RejectedRow[];
}

const zero = (): UpsertCounts => ({ inserted: 0, updated: 0, unchanged: 0 });
const add = (total: UpsertCounts, more: UpsertCounts) => {
  total.inserted += more.inserted;
  total.updated += more.updated;
  total.unchanged += more.unchanged;
};

/** The files of the layout present in `folder`, fundamentals first; throws when there are none. */
export async function listImportFiles(folder: string): Promise<string[]> {
  const files: string[] = [];
  if (existsSync(join(folder, FUNDAMENTALS_FILE))) files.push(FUNDAMENTALS_FILE);
  if (existsSync(join(folder, PRICES_DIR))) {
    const names = await readdir(join(folder, PRICES_DIR));
    for (const name of names.filter((n) => n.toLowerCase().endsWith('.csv')).sort()) {
      files.push(`${PRICES_DIR}/${name}`);
    }
  }
  if (files.length === 0) {
    throw new Error(
      `No market data in ${folder}: expected ${FUNDAMENTALS_FILE} or ${PRICES_DIR}/<SYMBOL>.csv`,
    );
  }
  return files;
}

export async function importMarketData(
  db: Db,
  folder: string,
  options: ImportOptions = {},
): Promise<ImportReport> {
  const files = await listImportFiles(folder);
  const report: ImportReport = {
    filesTotal: files.length,
    filesRefused: [],
    companies: zero(),
    bars: zero(),
    rejected: [],
  };
  let rows = 0;
  for (const [i, file] of files.entries()) {
    options.signal?.throwIfAborted();
    const text = await readFile(join(folder, file), 'utf8');
    rows +=
      file === FUNDAMENTALS_FILE
        ? await importFundamentals(db, file, text, report)
        : await importPrices(db, file, text, report, options.signal);
    options.onProgress?.({
      filesDone: i + 1,
      filesTotal: files.length,
      file,
      rows,
      rejected: report.rejected.length,
    });
  }
  return report;
}

async function importFundamentals(db: Db, file: string, text: string, report: ImportReport) {
  const parsed = parseFundamentalsFile(file, text);
  report.rejected.push(...parsed.rejected);
  if (parsed.fatal) {
    report.filesRefused.push(file);
    return 0;
  }
  const counts = await inTransaction(db, (client) =>
    upsertCompanies(client, 'csv', parsed.companies.map(companyRecord)),
  );
  add(report.companies, counts);
  return parsed.companies.length;
}

async function importPrices(
  db: Db,
  file: string,
  text: string,
  report: ImportReport,
  signal?: AbortSignal,
) {
  const name = file.slice(PRICES_DIR.length + 1);
  const parsed = parsePriceFile(file, name, text);
  report.rejected.push(...parsed.rejected);
  if (parsed.fatal) {
    report.filesRefused.push(file);
    return 0;
  }
  const { created, counts } = await inTransaction(db, async (client) => {
    const company = await companyIdFor(client, 'csv', parsed.symbol);
    const total = zero();
    for (let start = 0; start < parsed.rows.length; start += BAR_BATCH) {
      signal?.throwIfAborted();
      add(total, await upsertBars(client, company.id, parsed.rows.slice(start, start + BAR_BATCH)));
    }
    return { created: company.created, counts: total };
  });
  // Counted after the commit: a rolled-back file leaves no trace in the report either.
  if (created) report.companies.inserted++;
  add(report.bars, counts);
  return parsed.rows.length;
}

/**
 * A source's company as stored (the CSV snapshot's, the demo market's): `asset_type` becomes
 * `security_type`; fields the source lacks (the snapshot's beta, margins…) stay null.
 */
export function companyRecord<C extends Pick<CsvCompany, 'asset_type'>>(company: C) {
  const { asset_type, ...rest } = company;
  return { ...rest, security_type: asset_type };
}
