import type { AssetType, CompanyProfile } from '../ports/fundamentals.port.js';
import { financialBase, type FinancialBase } from './financials.js';
import { city, corporateSuffix, inventWord, tickerFor } from './names.js';
import { between, logNormal, normal, streamFor, type Uniform } from './random.js';
import { SECTORS, type SectorModel } from './sectors.js';

/** How a listing's price moves (prices.ts): loadings, volatilities, drift, trading activity. */
export interface PriceModel {
  initialPrice: number;
  sharesOutstanding: number;
  floatShares: number;
  /** Loading on the market factor: the beta the fundamentals report. */
  beta: number;
  /** Loading on its sector's factor. */
  sectorLoading: number;
  /** Daily idiosyncratic volatility (log return sd) in the calm regime. */
  idioVol: number;
  /** Daily drift of the log price. */
  alpha: number;
  /** Daily sd of the trend a stock follows for a few months at a time. */
  trendVol: number;
  /** Probability of a jump (earnings-like overnight gap) per day. */
  jumpOdds: number;
  /** Mean daily volume as a fraction of the float. */
  turnover: number;
}

/** One listing of the demo universe: who it is, how its price moves, its financials. */
export interface DemoCompany {
  profile: CompanyProfile;
  /** Index into SECTORS of the sector whose factor it loads on. */
  sectorIndex: number;
  model: PriceModel;
  /** Financial statements at the initial price (null for ETFs); financials.ts scales them. */
  financials: FinancialBase | null;
}

export interface UniverseOptions {
  seed: number;
  /** Number of listings, at least 50; default 520 (11 ETFs, 2.5 % SPACs, the rest companies). */
  size?: number;
}

interface Names {
  taken: Set<string>;
  words: Set<string>;
}

function uniqueWord(u: Uniform, names: Names): string {
  for (;;) {
    const w = inventWord(u);
    if (!names.words.has(w)) {
      names.words.add(w);
      return w;
    }
  }
}

function ticker(u: Uniform, names: Names, noun: string): { word: string; symbol: string } {
  for (;;) {
    const word = uniqueWord(u, names);
    const symbol = tickerFor(word, noun, names.taken);
    if (symbol !== null) {
      names.taken.add(symbol);
      return { word, symbol };
    }
  }
}

function slug(s: string): string {
  return s.toLowerCase().replace(/[^a-z0-9]/g, '');
}

function stockModel(u: Uniform, sector: SectorModel, marketCap: number, price: number): PriceModel {
  const shares = Math.round(marketCap / price);
  const sizeTilt = Math.pow(marketCap / 6e9, -0.12);
  const annualVol = Math.min(0.9, Math.max(0.1, sector.vol * sizeTilt * Math.exp(0.3 * normal(u))));
  return {
    initialPrice: price,
    sharesOutstanding: shares,
    floatShares: Math.round(shares * between(u, 0.6, 0.98)),
    beta: Math.min(2.6, Math.max(0.2, sector.beta + 0.28 * normal(u))),
    sectorLoading: between(u, 0.6, 1.2),
    idioVol: annualVol / Math.sqrt(252),
    alpha: (0.02 + 0.05 * normal(u)) / 252,
    trendVol: 0.0008 * between(u, 0.5, 1.5),
    jumpOdds: between(u, 0.003, 0.008),
    turnover: Math.min(
      0.04,
      Math.max(0.001, 0.005 * Math.pow(annualVol / 0.3, 0.8) * Math.exp(0.3 * normal(u))),
    ),
  };
}

function makeStock(seed: number, i: number, sectorIndex: number, names: Names): DemoCompany {
  const u = streamFor(seed, 'company', i);
  const sector = SECTORS[sectorIndex] as SectorModel;
  const noun = sector.nouns[Math.floor(u() * sector.nouns.length)] as string;
  const { word, symbol } = ticker(u, names, noun);
  const industry = sector.industries[Math.floor(u() * sector.industries.length)] as string;
  const marketCap = logNormal(u, 5e9, 1.2, 2e8, 3e11);
  const price = Math.round(logNormal(u, 35, 0.7, 5, 500) * 100) / 100;
  const model = stockModel(u, sector, marketCap, price);
  const isReit = industry.endsWith('REITs');
  const name = `${word} ${noun} ${corporateSuffix(u)}`;
  const assetType: AssetType = isReit ? 'reit' : 'stock';
  return {
    profile: {
      symbol,
      company_name: name,
      sector: sector.name,
      industry,
      domain: `${slug(word + noun)}.example`,
      description: `${word} ${noun} is a fictional ${industry.toLowerCase()} company based in ${city(u)}. Demo data: the company, its figures and its prices are generated.`,
      exchange: u() < 0.55 ? 'NYSE' : 'NASDAQ',
      asset_type: assetType,
    },
    sectorIndex,
    model,
    financials: financialBase(u, sector, marketCap),
  };
}

function makeSpac(seed: number, i: number, names: Names): DemoCompany {
  const u = streamFor(seed, 'spac', i);
  const { word, symbol } = ticker(u, names, 'Acquisition');
  const shares = Math.round(between(u, 10e6, 60e6));
  return {
    profile: {
      symbol,
      company_name: `${word} Acquisition Corp.`,
      sector: 'Financials',
      industry: 'Shell Companies',
      domain: `${slug(word)}acquisition.example`,
      description: `${word} Acquisition Corp. is a fictional blank-check company that holds its IPO proceeds in trust while it looks for a business to merge with. Demo data.`,
      exchange: 'NASDAQ',
      asset_type: 'spac',
    },
    sectorIndex: 2,
    model: {
      initialPrice: 10,
      sharesOutstanding: shares,
      floatShares: Math.round(shares * 0.8),
      beta: 0.05,
      sectorLoading: 0,
      idioVol: 0.03 / Math.sqrt(252),
      alpha: 0.01 / 252,
      trendVol: 0,
      jumpOdds: 0.001,
      turnover: 0.003,
    },
    financials: null,
  };
}

function makeEtf(seed: number, sectorIndex: number, names: Names): DemoCompany {
  const u = streamFor(seed, 'etf', sectorIndex);
  const sector = SECTORS[sectorIndex] as SectorModel;
  const { word, symbol } = ticker(u, names, 'Fund');
  const shares = Math.round(between(u, 50e6, 400e6));
  return {
    profile: {
      symbol,
      company_name: `${word} ${sector.name} Sector ETF`,
      sector: sector.name,
      industry: 'Exchange Traded Fund',
      domain: `${slug(word)}funds.example`,
      description: `A fictional exchange-traded fund holding the demo market's ${sector.name.toLowerCase()} companies. Demo data.`,
      exchange: 'NYSE Arca',
      asset_type: 'etf',
    },
    sectorIndex,
    model: {
      initialPrice: Math.round(between(u, 30, 120) * 100) / 100,
      sharesOutstanding: shares,
      floatShares: shares,
      beta: sector.beta,
      sectorLoading: 1,
      idioVol: 0.03 / Math.sqrt(252),
      alpha: 0,
      trendVol: 0,
      jumpOdds: 0,
      turnover: 0.01,
    },
    financials: null,
  };
}

/** How many companies of each sector a universe of `stocks` companies holds (by weight). */
function sectorCounts(stocks: number): number[] {
  const total = SECTORS.reduce((s, x) => s + x.weight, 0);
  const counts = SECTORS.map((s) => Math.floor((stocks * s.weight) / total));
  for (let k = 0; counts.reduce((a, b) => a + b, 0) < stocks; k++) {
    counts[k % counts.length] = (counts[k % counts.length] as number) + 1;
  }
  return counts;
}

/**
 * The demo universe: a pure function of the seed and the size (same inputs, same universe on any
 * machine), sorted by symbol. Symbols, names and domains are unique; domains use the reserved
 * `.example` top-level domain.
 */
export function generateUniverse(options: UniverseOptions): DemoCompany[] {
  const size = options.size ?? 520;
  if (!(Number.isInteger(size) && size >= 50)) throw new RangeError('universe size must be ≥ 50');
  const seed = options.seed >>> 0;
  const names: Names = { taken: new Set(), words: new Set() };
  const out: DemoCompany[] = SECTORS.map((_, k) => makeEtf(seed, k, names));
  const spacs = Math.round(size * 0.025);
  for (let i = 0; i < spacs; i++) out.push(makeSpac(seed, i, names));
  let i = 0;
  sectorCounts(size - out.length).forEach((count, sectorIndex) => {
    for (let k = 0; k < count; k++) out.push(makeStock(seed, i++, sectorIndex, names));
  });
  return out.sort((a, b) => (a.profile.symbol < b.profile.symbol ? -1 : 1));
}
