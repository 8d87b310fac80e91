/**
 * The folder layout the import reads, the same as `../shared/data`:
 *   prices-daily/<SYMBOL>.csv                       one file per symbol
 *   fundamentals/sp500-constituents-financials.csv  the company snapshot
 * Either part may be absent; other files and folders are ignored.
 */
export const PRICES_DIR = 'prices-daily';
export const FUNDAMENTALS_FILE = 'fundamentals/sp500-constituents-financials.csv';
