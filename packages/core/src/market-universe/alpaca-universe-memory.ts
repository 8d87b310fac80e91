import type { BrokerAsset, DateRange, SymbolBarRow, UniverseDataPort } from '@tradebot/market';

/**
 * An in-memory UniverseDataPort for tests and benches: assets and bars held in maps, bars handed
 * over in pages of `pageSize` rows ordered by symbol then date (as Alpaca's multi-symbol bars
 * are). `requests` records every bars request; `failAfterPages` throws once that many pages
 * were delivered (a load killed mid-way).
 */
export function memoryUniverseData(options: { pageSize?: number } = {}) {
  const assets = new Map<string, BrokerAsset>();
  const bars = new Map<string, SymbolBarRow[]>();
  const requests: { symbols: string[]; range: DateRange }[] = [];
  let pagesLeft = Infinity;
  const port: UniverseDataPort = {
    async listAssets() {
      return [...assets.values()];
    },
    async getDailyBarsMany(symbols, range, onPage) {
      requests.push({ symbols: [...symbols], range });
      const rows = [...symbols]
        .sort()
        .flatMap((s) =>
          (bars.get(s) ?? []).filter((b) => b.date >= range.from && b.date <= range.to),
        );
      const size = options.pageSize ?? 1_000;
      for (let i = 0; i < rows.length; i += size) {
        if (pagesLeft <= 0) throw new Error('connection lost');
        pagesLeft--;
        await onPage(rows.slice(i, i + size));
      }
    },
  };
  return {
    port,
    assets,
    bars,
    requests,
    failAfterPages(pages: number) {
      pagesLeft = pages;
    },
    heal() {
      pagesLeft = Infinity;
    },
    list(symbol: string, over: Partial<BrokerAsset> = {}) {
      assets.set(symbol, {
        symbol,
        name: `${symbol} Inc.`,
        exchange: 'NASDAQ',
        tradable: true,
        shortable: true,
        easyToBorrow: true,
        fractionable: false,
        ...over,
      });
    },
    /** Bars of `symbol` on every given date, close rising by one each day from `start`. */
    setBars(symbol: string, dates: readonly string[], start = 100) {
      bars.set(
        symbol,
        dates.map((date, i) => ({
          symbol,
          date,
          open: start + i - 0.5,
          high: start + i + 1,
          low: start + i - 1,
          close: start + i,
          volume: 1_000_000 + i,
        })),
      );
    },
  };
}
