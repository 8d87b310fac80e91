import type { marketData, trading } from '@alpacahq/alpaca-trade-api/rest';
import { DAY_MS, dayFromIso, isoFromDay } from '../calendar/days.js';
import type { DateRange } from '../ports/market-data.port.js';
import type { BrokerAsset, SymbolBarRow } from '../ports/universe-data.port.js';
import { AlpacaPayloadError } from './errors.js';
import { barDay, isKeptDay } from './mappers.js';
import { ZAssets, ZMultiBarsPage, parsePayload } from './schemas.js';
import { callAlpaca, type RetryPolicy } from './transport.js';

/**
 * Symbols per `GET /v2/stocks/bars` request: 100. The list travels in the query string
 * (`%2C`-separated), so 100 symbols of up to 5–6 characters keep the address under ~1 000
 * characters, far below the 8 KB that proxies and servers commonly accept. Larger groups would
 * save little: a page holds 10 000 bars (about 20 symbols of two years), so a group of 100 costs
 * one partly filled page more than the bars alone need.
 */
export const SYMBOLS_PER_REQUEST = 100;

/** `GET /v2/assets?status=active&asset_class=us_equity`, tradable ones only. */
export async function listAlpacaAssets(
  api: trading.AssetsApi,
  policy: RetryPolicy,
): Promise<BrokerAsset[]> {
  const call = 'GET /v2/assets';
  const text = await callAlpaca(
    call,
    () => api.getV2AssetsRaw({ status: 'active', assetClass: 'us_equity' }),
    policy,
  );
  return parsePayload(ZAssets, text, call)
    .filter((a) => a.tradable && a.status === 'active' && a.class === 'us_equity')
    .map((a) => ({
      symbol: a.symbol,
      name: a.name ?? '',
      exchange: a.exchange,
      tradable: a.tradable,
      shortable: a.shortable,
      easyToBorrow: a.easy_to_borrow,
      fractionable: a.fractionable,
    }));
}

export interface BarsQuery {
  adjustment: string;
  feed: 'iex' | 'sip';
  /** Bars per page (Alpaca: at most 10 000, counted over all symbols of the page). */
  limit: number;
}

export interface BarsWanted {
  symbols: readonly string[];
  range: DateRange;
  /** The last session completed by the adapter's clock: later bars are never handed over. */
  lastCompletedDay: number;
}

/**
 * Daily bars of many symbols: groups of SYMBOLS_PER_REQUEST, each followed over its pages
 * (`next_page_token`); each page's kept rows go to `onPage` before the next is asked for.
 * A symbol may span pages; its dates must keep increasing across them. A page naming a symbol
 * that was not asked for, or repeating the previous page token, is refused.
 */
export async function dailyBarsMany(
  stocks: marketData.StockApi,
  policy: RetryPolicy,
  query: BarsQuery,
  wanted: BarsWanted,
  onPage: (rows: SymbolBarRow[]) => Promise<void>,
): Promise<void> {
  const call = 'GET /v2/stocks/bars';
  const symbols = [...new Set(wanted.symbols.map((s) => s.trim().toUpperCase()).filter(Boolean))];
  const fromDay = dayFromIso(wanted.range.from);
  const toDay = dayFromIso(wanted.range.to);
  const days = { fromDay, toDay, lastCompletedDay: wanted.lastCompletedDay };
  const endDay = Math.min(toDay, wanted.lastCompletedDay);
  if (symbols.length === 0 || fromDay > endDay) return;
  for (let at = 0; at < symbols.length; at += SYMBOLS_PER_REQUEST) {
    const group = symbols.slice(at, at + SYMBOLS_PER_REQUEST);
    const asked = new Set(group);
    const previous = new Map<string, number>();
    let pageToken: string | undefined;
    do {
      const token = pageToken;
      const text = await callAlpaca(
        call,
        () =>
          stocks.stockBarsRaw({
            symbols: group.join(','),
            timeframe: '1Day',
            start: new Date(fromDay * DAY_MS),
            // The whole last day (UTC), which holds its bar stamped at midnight New York.
            end: new Date((endDay + 1) * DAY_MS - 1000),
            adjustment: query.adjustment,
            feed: query.feed,
            limit: query.limit,
            sort: 'asc',
            pageToken: token,
          }),
        policy,
      );
      const page = parsePayload(ZMultiBarsPage, text, call);
      const rows: SymbolBarRow[] = [];
      for (const [symbol, bars] of Object.entries(page.bars ?? {})) {
        if (!asked.has(symbol)) {
          throw new AlpacaPayloadError(call, [`bars.${symbol}: a symbol that was not asked for`]);
        }
        let last = previous.get(symbol) ?? -Infinity;
        (bars ?? []).forEach((bar, i) => {
          last = barDay(bar, last, `bars.${symbol}[${i}]`, call);
          if (!isKeptDay(last, days)) return;
          const { o: open, h: high, l: low, c: close, v: volume } = bar;
          rows.push({ symbol, date: isoFromDay(last), open, high, low, close, volume });
        });
        previous.set(symbol, last);
      }
      if (rows.length > 0) await onPage(rows);
      pageToken = page.next_page_token ?? undefined;
      if (pageToken !== undefined && pageToken === token) {
        throw new AlpacaPayloadError(call, ['next_page_token: the same token again']);
      }
    } while (pageToken !== undefined);
  }
}
