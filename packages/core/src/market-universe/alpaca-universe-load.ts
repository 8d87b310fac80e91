import {
  alpacaBarCursors,
  alpacaLoadCounts,
  copyCsvFundamentalsToAlpaca,
  ensureAlpacaListings,
  inTransaction,
  markAlpacaBarsThrough,
  markAlpacaDelisted,
  refreshAlpacaPrices,
  upsertAlpacaAssets,
  writeAlpacaBars,
  type AlpacaBarCursor,
  type Db,
  type UpsertCounts,
} from '@tradebot/db';
import {
  currentOrNextSession,
  dayFromIso,
  isoFromDay,
  previousTradingDay,
  type UniverseDataPort,
} from '@tradebot/market';

/** Years of daily bars a listing gets on its first load. */
export const ALPACA_HISTORY_YEARS = 2;
/** Days re-read before a listing's last stored bar (a corrected bar replaces the stored one). */
const OVERLAP_DAYS = 3;
/** Symbols per multi-symbol bars request. */
export const ALPACA_BATCH_SIZE = 100;

/**
 * Alpaca's assets carry no fund flag: an exchange-traded fund or note is told by its name
 * ("SPDR S&P 500 ETF Trust", "iShares … ETN"), so `exclude_etfs` can drop it. A fund whose name
 * does not say so (e.g. "Invesco QQQ Trust, Series 1") stays a stock unless the CSV snapshot
 * types it.
 */
export function assetSecurityType(name: string): 'stock' | 'etf' {
  return /\b(ETF|ETN)s?\b|exchange[- ]traded/i.test(name) ? 'etf' : 'stock';
}

/** The last session that has closed at `now` (YYYY-MM-DD, New York): the one a load reaches. */
export function lastCompletedSession(now: Date): string {
  return isoFromDay(previousTradingDay(currentOrNextSession(now.getTime()).day));
}

export interface AlpacaLoadProgress {
  /** Listings whose bars reach the session. */
  done: number;
  total: number;
}

export interface AlpacaLoadReport {
  session: string;
  assets: number;
  listings: UpsertCounts;
  delisted: number;
  fundamentalsCopied: number;
  symbolsTotal: number;
  /** Listings whose bars were asked for in this run (the others were already complete). */
  symbolsLoaded: number;
  bars: UpsertCounts;
}

export interface AlpacaLoadOptions {
  batchSize?: number;
  onProgress?: (progress: AlpacaLoadProgress) => Promise<void> | void;
}

const add = (a: UpsertCounts, b: UpsertCounts): UpsertCounts => ({
  inserted: a.inserted + b.inserted,
  updated: a.updated + b.updated,
  unchanged: a.unchanged + b.unchanged,
});

/** First date to ask for: two years before the session, or a few days before the last bar. */
function fromDate(cursor: AlpacaBarCursor, session: string): string {
  if (cursor.barsThrough) return isoFromDay(dayFromIso(cursor.barsThrough) - OVERLAP_DAYS);
  const year = Number(session.slice(0, 4)) - ALPACA_HISTORY_YEARS;
  return `${year}${session.slice(4)}`;
}

/**
 * Brings the bars of `cursors` up to `session`: listings grouped by first date, in batches of
 * multi-symbol requests; each page is written in one transaction with the listings' cursors, and
 * a batch whose pages have all arrived is marked complete through the session. Listings already
 * there are skipped, so a run resumed after a kill asks only for what is missing.
 */
async function loadBars(
  db: Db,
  port: UniverseDataPort,
  cursors: readonly AlpacaBarCursor[],
  session: string,
  options: AlpacaLoadOptions & { progress?: AlpacaLoadProgress },
) {
  const pending = cursors.filter((c) => c.barsThrough === null || c.barsThrough < session);
  const groups = new Map<string, AlpacaBarCursor[]>();
  for (const cursor of pending) {
    const from = fromDate(cursor, session);
    groups.set(from, [...(groups.get(from) ?? []), cursor]);
  }
  const size = options.batchSize ?? ALPACA_BATCH_SIZE;
  let bars: UpsertCounts = { inserted: 0, updated: 0, unchanged: 0 };
  for (const [from, group] of [...groups].sort(([a], [b]) => a.localeCompare(b))) {
    for (let i = 0; i < group.length; i += size) {
      const batch = group.slice(i, i + size);
      const ids = new Map(batch.map((c) => [c.symbol, c.id]));
      await port.getDailyBarsMany(
        batch.map((c) => c.symbol),
        { from, to: session },
        async (rows) => {
          const known = rows.flatMap((row) => {
            const companyId = ids.get(row.symbol);
            // Bars after the session (a provider answering past `to`) wait for the next load.
            return companyId === undefined || row.date > session ? [] : [{ ...row, companyId }];
          });
          const written = await inTransaction(db, (client) => writeAlpacaBars(client, known));
          bars = add(bars, written);
        },
      );
      await markAlpacaBarsThrough(db, [...ids.values()], session);
      if (options.progress) {
        options.progress.done += batch.length;
        await options.onProgress?.({ ...options.progress });
      }
    }
  }
  return { bars, symbolsLoaded: pending.length };
}

/**
 * Loads the Alpaca universe up to `session`: the active tradable assets become `companies` of
 * source 'alpaca' (listings no longer active are marked delisted, kept with their bars), the CSV
 * snapshot's fundamentals are copied where a symbol matches, and every listing's daily bars are
 * brought to the session (two years on a first load, then from its last stored bar). Progress is
 * the number of listings complete through the session, read from PostgreSQL, so a resumed run
 * starts where the killed one stopped.
 */
export async function loadAlpacaUniverse(
  db: Db,
  port: UniverseDataPort,
  session: string,
  now: Date,
  options: AlpacaLoadOptions = {},
): Promise<AlpacaLoadReport> {
  const listed = new Map<string, Awaited<ReturnType<UniverseDataPort['listAssets']>>[number]>();
  for (const asset of await port.listAssets()) {
    if (asset.tradable && !listed.has(asset.symbol)) listed.set(asset.symbol, asset);
  }
  const assets = [...listed.values()];
  if (assets.length === 0) throw new Error('Alpaca listed no tradable assets: nothing was loaded.');
  const { listings, delisted } = await inTransaction(db, async (client) => ({
    listings: await upsertAlpacaAssets(
      client,
      assets.map((a) => ({ ...a, securityType: assetSecurityType(a.name) })),
    ),
    delisted: await markAlpacaDelisted(client, [...listed.keys()], now),
  }));
  const fundamentalsCopied = await copyCsvFundamentalsToAlpaca(db);
  const progress = await alpacaLoadCounts(db, session);
  await options.onProgress?.({ ...progress });
  const cursors = await alpacaBarCursors(db);
  const { bars, symbolsLoaded } = await loadBars(db, port, cursors, session, {
    ...options,
    progress,
  });
  await refreshAlpacaPrices(db);
  return {
    session,
    assets: assets.length,
    listings,
    delisted,
    fundamentalsCopied,
    symbolsTotal: progress.total,
    symbolsLoaded,
    bars,
  };
}

/**
 * Tops up the bars of `symbols` to the last completed session at `now` (the backtests' and the
 * bot's read of a symbol that the universe load has not brought there yet). Symbols not listed
 * get a bare listing (the next universe load names them). Returns the session reached.
 */
export async function topUpAlpacaBars(
  db: Db,
  port: UniverseDataPort,
  symbols: readonly string[],
  now: Date,
): Promise<{ session: string; bars: UpsertCounts }> {
  const session = lastCompletedSession(now);
  const unique = [...new Set(symbols.map((s) => s.toUpperCase()))];
  if (unique.length === 0) return { session, bars: { inserted: 0, updated: 0, unchanged: 0 } };
  await ensureAlpacaListings(db, unique);
  const cursors = await alpacaBarCursors(db, unique);
  const { bars } = await loadBars(db, port, cursors, session, {});
  return { session, bars };
}
