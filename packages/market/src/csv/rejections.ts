/**
 * A row (or a whole file) the import did not load, and why. `row` is the line in the file
 * (1-based; the header is row 1), null when the whole file is refused before any row is read
 * (a bad file name); `column` is the column's header name, null when the row as a whole is bad.
 */
export interface RejectedRow {
  file: string;
  row: number | null;
  column: string | null;
  reason: string;
}

/**
 * The header checked against the columns a file must have: a missing column refuses the whole
 * file (nothing of it is loaded); an unknown one is reported and ignored.
 */
export function checkHeader(
  file: string,
  header: readonly string[],
  expected: readonly string[],
): { index: Map<string, number>; rejected: RejectedRow[]; fatal: boolean } {
  const names = header.map((name) => name.trim());
  const index = new Map<string, number>();
  const rejected: RejectedRow[] = [];
  names.forEach((name, i) => {
    if (!expected.includes(name)) {
      rejected.push({ file, row: 1, column: name, reason: 'unknown column (ignored)' });
    } else if (index.has(name)) {
      rejected.push({ file, row: 1, column: name, reason: 'duplicate column (ignored)' });
    } else index.set(name, i);
  });
  const missing = expected.filter((name) => !index.has(name));
  for (const name of missing) {
    rejected.push({ file, row: 1, column: name, reason: 'missing column: file not loaded' });
  }
  return { index, rejected, fatal: missing.length > 0 };
}

/** A number the way the files write one (plain decimal or exponent); null for anything else. */
export function parseNumber(text: string): number | null {
  const trimmed = text.trim();
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : null;
}

/** Ticker symbols: letters first, then letters, digits and the class separators . and - */
export const SYMBOL_PATTERN = /^[A-Z][A-Z0-9.-]{0,11}$/;
