import { z } from 'zod';

/** The largest value of a PostgreSQL `integer` column: ids beyond it cannot exist. */
export const INT4_MAX = 2_147_483_647;

/** A row id from a path or body: a positive integer the id column can hold. */
export const zId = (message: string) =>
  z.coerce.number(message).int(message).min(1, message).max(INT4_MAX, message);

/** Dates the product stores: ISO 8601 with a zone, between these years. */
export const DATE_RANGE = { fromYear: 2000, toYear: 2100 } as const;

export const ZTimestamp = z.iso
  .datetime({ offset: true, error: 'timestamp must be an ISO 8601 date and time.' })
  .refine((text) => {
    const year = new Date(text).getUTCFullYear();
    return year >= DATE_RANGE.fromYear && year <= DATE_RANGE.toYear;
  }, `timestamp must be between ${DATE_RANGE.fromYear} and ${DATE_RANGE.toYear}.`);

/** The market a user trades on: Alpaca with their keys, or the embedded demo market. */
export const ZMarketName = z.enum(['demo', 'alpaca']);
export type TMarketName = z.infer<typeof ZMarketName>;

/**
 * A universe of listings: the demo market's fictional one, the offline CSV snapshot, or
 * Alpaca's listings.
 */
export const ZUniverseName = z.enum(['demo', 'csv', 'alpaca']);
export type TUniverseName = z.infer<typeof ZUniverseName>;
