/**
 * CSV files the API answers (RFC 4180): a header row, CRLF line ends, a field quoted when it
 * holds a comma, a double quote or a line break (its quotes doubled). Numbers are plain decimals
 * (no exponent, no thousands separator, no currency sign); null is an empty field. A text field
 * a spreadsheet would read as a formula (it starts with =, +, -, @, a tab or a carriage return)
 * gets a leading apostrophe; numbers, negative ones included, are written as they are.
 */
export type CsvCell = string | number | null;

export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => CsvCell;
}

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** A number as a plain decimal: 0.0000001, not 1e-7; NaN and infinities are empty. */
export function plainNumber(value: number): string {
  if (!Number.isFinite(value)) return '';
  if (Object.is(value, -0)) return '0';
  const text = String(value);
  if (!/e/i.test(text)) return text;
  return value.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 });
}

/** One field, neutralised and quoted as needed. */
export function csvField(cell: CsvCell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return plainNumber(cell);
  const text = FORMULA_START.test(cell) ? `'${cell}` : cell;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The whole file: the header row, then one row per item, each line ended by CRLF. */
export function toCsv<Row>(columns: readonly CsvColumn<Row>[], rows: readonly Row[]): string {
  const line = (cells: readonly CsvCell[]) => `${cells.map(csvField).join(',')}\r\n`;
  return (
    line(columns.map((column) => column.header)) +
    rows.map((row) => line(columns.map((column) => column.value(row)))).join('')
  );
}
