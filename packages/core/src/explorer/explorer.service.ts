import {
  EXPLORER_PAGE_SIZE,
  type TExplorerMetric,
  type TExplorerSort,
  type TLogosOutput,
  type TStockRecord,
} from '@tradebot/api-contract';
import {
  companyDomains,
  companyLook,
  countCompanies,
  exploreCompanies,
  type ExplorerRow,
} from '@tradebot/db';
import { demoLogoSvg, templateLogoUrl } from '@tradebot/market';
import type { ServiceDeps } from '../deps.js';
import type { ActiveMarketService } from '../active-market/active-market.js';
import type { SessionInfo } from '../types.js';

/** Where the app serves a demo company's generated logo (public: an <img> sends no token). */
export const demoLogoPath = (symbol: string) => `/api/logos/demo/${encodeURIComponent(symbol)}.svg`;

/** The stored row as a stock record holding only the chosen metrics. */
function stockRecord(row: ExplorerRow, metrics: readonly TExplorerMetric[]): TStockRecord {
  const record: TStockRecord = { symbol: row.symbol, company_name: row.company_name };
  for (const metric of metrics) {
    const value = row[metric];
    (record as Record<string, unknown>)[metric] =
      value instanceof Date ? value.toISOString() : value;
  }
  return record;
}

/**
 * The Stock Explorer: the user's universe (demo listings for demo users, Alpaca's for Alpaca
 * users) searched by symbol prefix and company name, 100 a page; and the logos of listings.
 */
export function explorerService(
  deps: Pick<ServiceDeps, 'db' | 'universe'>,
  market: ActiveMarketService,
  alpacaNotice: (userId: number) => Promise<string | null> = async () => null,
) {
  const { db } = deps;

  return {
    /** POST /api/stocks/explore (input parsed by ZExploreInput: trimmed, metrics checked). */
    async explore(
      session: SessionInfo,
      input: {
        search: string;
        metrics: readonly TExplorerMetric[];
        page: number;
        sort?: TExplorerSort | null;
      },
    ): Promise<TStockRecord[]> {
      const page = { limit: EXPLORER_PAGE_SIZE, offset: (input.page - 1) * EXPLORER_PAGE_SIZE };
      const universe = market.universeFor(session);
      const rows = await exploreCompanies(db, universe, input.search, page, input.sort);
      return rows.map((row) => stockRecord(row, input.metrics));
    },

    /** GET /api/stocks/count */
    async count(session: SessionInfo) {
      const universe = market.universeFor(session);
      // An Alpaca user's visit asks for a load when the universe is empty or stale.
      const notice = universe === 'alpaca' ? await alpacaNotice(session.userId) : null;
      return { count: await countCompanies(db, universe), notice };
    },

    /**
     * POST /api/stocks/logos/batch: demo listings → their generated logo; real listings → the
     * configured template with the company's domain; anything else (unknown symbol, no domain,
     * no template) → null, the client's "No Logo".
     */
    async logos(session: SessionInfo, symbols: readonly string[]): Promise<TLogosOutput> {
      const universe = market.universeFor(session);
      const domains = await companyDomains(db, universe, symbols);
      const template = deps.universe.logoUrlTemplate;
      const logos: TLogosOutput = {};
      for (const symbol of symbols) {
        if (!domains.has(symbol)) logos[symbol] = null;
        else if (universe === 'demo') logos[symbol] = demoLogoPath(symbol);
        else
          logos[symbol] = template
            ? templateLogoUrl(template, { symbol, domain: domains.get(symbol) ?? null })
            : null;
      }
      return logos;
    },

    /** The SVG of a demo listing's logo, or null when the symbol is not a demo listing. */
    async demoLogo(symbol: string): Promise<string | null> {
      const listing = await companyLook(db, 'demo', symbol.toUpperCase());
      return listing ? demoLogoSvg({ symbol: symbol.toUpperCase(), ...listing }) : null;
    },
  };
}

export type ExplorerService = ReturnType<typeof explorerService>;
