import type { TClientErrorReport } from '@tradebot/api-contract';

/** Only the first 5 errors are reported; at most 50 unsent reports are kept. */
export const MAX_REPORTED_ERRORS = 5;
export const MAX_PENDING_REPORTS = 50;
export const PENDING_REPORTS_KEY = 'pendingErrorReports';

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** An 8-character error ID the user can quote to support. */
export function makeErrorId(random: () => number = Math.random): string {
  return Array.from(
    { length: 8 },
    () => ID_ALPHABET[Math.floor(random() * ID_ALPHABET.length)],
  ).join('');
}

/** The reference shown on the error screen is the first 8 characters of the token. */
export function errorReference(token: string | null): string {
  return token ? token.slice(0, 8) : '-';
}

/** Adds a report to the pending queue, keeping only the newest `max`. */
export function enqueueReport(
  queue: readonly TClientErrorReport[],
  report: TClientErrorReport,
  max = MAX_PENDING_REPORTS,
): TClientErrorReport[] {
  return [...queue, report].slice(-max);
}

/** Reads the stored queue, tolerating anything a user or an old version left there. */
export function parseQueue(raw: string | null): TClientErrorReport[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value)
      ? value.filter(
          (item): item is TClientErrorReport =>
            typeof item === 'object' && item !== null && 'errorId' in item,
        )
      : [];
  } catch {
    return [];
  }
}
