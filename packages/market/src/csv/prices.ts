import { parseCsvText } from './csv-text.js';
import { checkHeader, parseNumber, SYMBOL_PATTERN, type RejectedRow } from './rejections.js';

/** The columns of `prices-daily/<SYMBOL>.csv` (Alpha Vantage's daily adjusted series). */
export const PRICE_COLUMNS = [
  'timestamp',
  'open',
  'high',
  'low',
  'close',
  'adjusted_close',
  'volume',
  'dividend_amount',
  'split_coefficient',
] as const;

/** One daily bar of a price file: OHLC as traded, `adjusted_close` split- and dividend-adjusted. */
export interface PriceRow {
  /** Trading date, YYYY-MM-DD. */
  date: string;
  open: number;
  high: number;
  low: number;
  close: number;
  adjusted_close: number;
  volume: number;
  dividend_amount: number;
  split_coefficient: number;
}

export interface ParsedPriceFile {
  symbol: string;
  /** The loadable rows, oldest first. */
  rows: PriceRow[];
  rejected: RejectedRow[];
  /** True when the file as a whole is refused (bad name, missing column): load none of it. */
  fatal: boolean;
}

/** The symbol a price file is named after (`brk.b.csv` → `BRK.B`), or null when it is not one. */
export function symbolOfPriceFile(fileName: string): string | null {
  const match = /^(.+)\.csv$/i.exec(fileName);
  const symbol = match?.[1]?.trim().toUpperCase() ?? '';
  return SYMBOL_PATTERN.test(symbol) ? symbol : null;
}

/** Parses one price file; `file` is the name the report shows (e.g. `prices-daily/AAPL.csv`). */
export function parsePriceFile(file: string, fileName: string, text: string): ParsedPriceFile {
  const symbol = symbolOfPriceFile(fileName);
  if (symbol === null) {
    const reason = 'file name is not <SYMBOL>.csv: file not loaded';
    return {
      symbol: '',
      rows: [],
      rejected: [{ file, row: null, column: null, reason }],
      fatal: true,
    };
  }
  const [header, ...records] = parseCsvText(text);
  if (!header) {
    const rejected = [{ file, row: 1, column: null, reason: 'empty file: no header' }];
    return { symbol, rows: [], rejected, fatal: true };
  }
  const checked = checkHeader(file, header.fields, PRICE_COLUMNS);
  if (checked.fatal) return { symbol, rows: [], rejected: checked.rejected, fatal: true };
  const rejected = [...checked.rejected];
  const firstRowOfDate = new Map<string, number>();
  const rows: PriceRow[] = [];
  for (const record of records) {
    const problems = checkPriceRow(record.fields, header.fields.length, checked.index);
    if ('row' in problems) {
      const seenAt = firstRowOfDate.get(problems.row.date);
      if (seenAt === undefined) {
        firstRowOfDate.set(problems.row.date, record.line);
        rows.push(problems.row);
        continue;
      }
      problems.errors.push({
        column: 'timestamp',
        reason: `duplicate date (first at row ${seenAt})`,
      });
    }
    for (const error of problems.errors) rejected.push({ file, row: record.line, ...error });
  }
  rows.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  return { symbol, rows, rejected, fatal: false };
}

type RowError = { column: string | null; reason: string };

/** The row when every field is valid, else the list of what is wrong with it. */
function checkPriceRow(
  fields: string[],
  width: number,
  index: Map<string, number>,
): { row: PriceRow; errors: RowError[] } | { errors: RowError[] } {
  if (fields.length !== width) {
    return {
      errors: [{ column: null, reason: `expected ${width} fields, found ${fields.length}` }],
    };
  }
  const errors: RowError[] = [];
  const get = (column: string) => (fields[index.get(column) as number] ?? '').trim();
  const date = get('timestamp');
  if (!isIsoDate(date))
    errors.push({ column: 'timestamp', reason: `not a date (YYYY-MM-DD): "${date}"` });
  const number = (
    column: string,
    rule: (v: number) => boolean,
    what: string,
    fallback?: number,
  ) => {
    const text = get(column);
    if (text === '' && fallback !== undefined) return fallback;
    const value = parseNumber(text);
    if (value === null) errors.push({ column, reason: `not a number: "${text}"` });
    else if (!rule(value)) errors.push({ column, reason: `${what}: ${text}` });
    return value ?? NaN;
  };
  const positive = (v: number) => v > 0;
  const open = number('open', positive, 'price must be positive');
  const high = number('high', positive, 'price must be positive');
  const low = number('low', positive, 'price must be positive');
  const close = number('close', positive, 'price must be positive');
  const adjusted_close = number('adjusted_close', positive, 'price must be positive');
  const volume = number(
    'volume',
    (v) => Number.isInteger(v) && v >= 0,
    'volume must be a whole number ≥ 0',
  );
  const dividend_amount = number('dividend_amount', (v) => v >= 0, 'dividend must be ≥ 0', 0);
  const split_coefficient = number('split_coefficient', positive, 'split must be positive', 1);
  if (errors.length === 0) {
    if (high < low) errors.push({ column: 'high', reason: `high ${high} is below low ${low}` });
    else if (high < Math.max(open, close)) {
      errors.push({ column: 'high', reason: `high ${high} is below open or close` });
    } else if (low > Math.min(open, close)) {
      errors.push({ column: 'low', reason: `low ${low} is above open or close` });
    }
  }
  if (errors.length > 0) return { errors };
  const row = {
    date,
    open,
    high,
    low,
    close,
    adjusted_close,
    volume,
    dividend_amount,
    split_coefficient,
  };
  return { row, errors };
}

function isIsoDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const time = Date.parse(`${text}T00:00:00Z`);
  return Number.isFinite(time) && new Date(time).toISOString().startsWith(text);
}
