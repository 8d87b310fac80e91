import type { DateRange } from './market-data.port.js';

/** A tradable US equity as the broker lists it (Alpaca: `GET /v2/assets`). */
export interface BrokerAsset {
  symbol: string;
  name: string;
  /** The listing exchange as the broker names it (NYSE, NASDAQ, ARCA, …). */
  exchange: string;
  tradable: boolean;
  shortable: boolean;
  easyToBorrow: boolean;
  fractionable: boolean;
}

/** One completed daily bar of one symbol (split- and dividend-adjusted). */
export interface SymbolBarRow {
  symbol: string;
  /** The trading date, `YYYY-MM-DD` (New York). */
  date: string;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

/**
 * What loading a whole universe needs of a market-data provider (Alpaca: assets and
 * multi-symbol bars). Pages are handed over as they arrive, so a caller can store them and
 * report progress; a symbol's bars may span two pages.
 */
export interface UniverseDataPort {
  /** Active, tradable US equities. */
  listAssets(): Promise<BrokerAsset[]>;
  /**
   * Completed daily bars of `symbols` with dates in `range`, oldest first within each symbol,
   * delivered page by page to `onPage`; resolves once every page has been handed over.
   */
  getDailyBarsMany(
    symbols: readonly string[],
    range: DateRange,
    onPage: (rows: SymbolBarRow[]) => Promise<void>,
  ): Promise<void>;
}

/**
 * One request budget shared by every client of one key (Alpaca: 200 requests a minute per
 * account), across ticks, reads and jobs, and across processes. `acquire` resolves when one
 * request may be sent.
 */
export interface RequestLimiter {
  acquire(): Promise<void>;
}
