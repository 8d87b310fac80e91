/**
 * The demo universe's sectors (GICS-like) and the ranges their companies are drawn from. Ranges
 * are rough shapes of real sector medians, chosen so the screener's templates find something.
 */
export interface SectorModel {
  name: string;
  industries: readonly string[];
  /** Words that end company names in this sector. */
  nouns: readonly string[];
  /** Share of the stock universe. */
  weight: number;
  /** Mean loading on the market factor. */
  beta: number;
  /** Median annual idiosyncratic volatility. */
  vol: number;
  /** Median P/E of profitable companies. */
  pe: number;
  netMargin: readonly [number, number];
  grossMargin: readonly [number, number];
  /** Median price-to-book. */
  pb: number;
  debtToEquity: readonly [number, number];
  /** Probability that a profitable company pays a dividend, and its payout ratio range. */
  dividendOdds: number;
  payout: readonly [number, number];
  /** Revenue growth, percent: mean and standard deviation. */
  growth: readonly [number, number];
  /** Probability that a company is profitable. */
  profitable: number;
}

export const SECTORS: readonly SectorModel[] = [
  {
    name: 'Information Technology',
    industries: ['Software', 'Semiconductors', 'IT Services', 'Electronic Components', 'Hardware'],
    nouns: ['Systems', 'Software', 'Micro', 'Logic', 'Networks', 'Computing', 'Data', 'Labs'],
    weight: 0.16,
    beta: 1.3,
    vol: 0.32,
    pe: 30,
    netMargin: [0.08, 0.3],
    grossMargin: [0.45, 0.8],
    pb: 6,
    debtToEquity: [0, 0.8],
    dividendOdds: 0.35,
    payout: [0.1, 0.4],
    growth: [12, 12],
    profitable: 0.8,
  },
  {
    name: 'Health Care',
    industries: ['Biotechnology', 'Pharmaceuticals', 'Medical Devices', 'Health Care Services'],
    nouns: ['Therapeutics', 'Biosciences', 'Medical', 'Health', 'Pharma', 'Genomics'],
    weight: 0.13,
    beta: 0.95,
    vol: 0.36,
    pe: 24,
    netMargin: [0.05, 0.25],
    grossMargin: [0.4, 0.85],
    pb: 4,
    debtToEquity: [0, 1],
    dividendOdds: 0.35,
    payout: [0.2, 0.5],
    growth: [9, 14],
    profitable: 0.7,
  },
  {
    name: 'Financials',
    industries: ['Banks', 'Insurance', 'Capital Markets', 'Consumer Finance'],
    nouns: ['Financial', 'Bancorp', 'Capital', 'Trust', 'Partners', 'Assurance'],
    weight: 0.12,
    beta: 1.1,
    vol: 0.22,
    pe: 13,
    netMargin: [0.12, 0.3],
    grossMargin: [0.5, 0.9],
    pb: 1.4,
    debtToEquity: [0.5, 2.5],
    dividendOdds: 0.8,
    payout: [0.25, 0.5],
    growth: [5, 7],
    profitable: 0.95,
  },
  {
    name: 'Consumer Discretionary',
    industries: ['Specialty Retail', 'Automobiles', 'Hotels & Leisure', 'Household Durables'],
    nouns: ['Brands', 'Retail', 'Motors', 'Outfitters', 'Resorts', 'Home'],
    weight: 0.11,
    beta: 1.2,
    vol: 0.32,
    pe: 20,
    netMargin: [0.03, 0.12],
    grossMargin: [0.25, 0.55],
    pb: 4,
    debtToEquity: [0.2, 1.6],
    dividendOdds: 0.45,
    payout: [0.2, 0.45],
    growth: [7, 10],
    profitable: 0.85,
  },
  {
    name: 'Industrials',
    industries: ['Machinery', 'Aerospace & Defense', 'Transportation', 'Building Products'],
    nouns: ['Industries', 'Dynamics', 'Engineering', 'Aerospace', 'Logistics', 'Works'],
    weight: 0.12,
    beta: 1.05,
    vol: 0.26,
    pe: 20,
    netMargin: [0.05, 0.15],
    grossMargin: [0.2, 0.45],
    pb: 3.5,
    debtToEquity: [0.3, 1.5],
    dividendOdds: 0.65,
    payout: [0.25, 0.5],
    growth: [5, 7],
    profitable: 0.9,
  },
  {
    name: 'Communication Services',
    industries: ['Interactive Media', 'Telecom Services', 'Entertainment', 'Publishing'],
    nouns: ['Media', 'Communications', 'Telecom', 'Studios', 'Interactive'],
    weight: 0.07,
    beta: 1.0,
    vol: 0.3,
    pe: 22,
    netMargin: [0.06, 0.25],
    grossMargin: [0.35, 0.75],
    pb: 3,
    debtToEquity: [0.2, 1.8],
    dividendOdds: 0.4,
    payout: [0.3, 0.6],
    growth: [6, 10],
    profitable: 0.8,
  },
  {
    name: 'Consumer Staples',
    industries: ['Food Products', 'Beverages', 'Household Products', 'Food Retail'],
    nouns: ['Foods', 'Beverage', 'Farms', 'Consumer', 'Provisions'],
    weight: 0.07,
    beta: 0.6,
    vol: 0.18,
    pe: 21,
    netMargin: [0.04, 0.14],
    grossMargin: [0.25, 0.5],
    pb: 4,
    debtToEquity: [0.4, 1.5],
    dividendOdds: 0.85,
    payout: [0.4, 0.7],
    growth: [3, 4],
    profitable: 0.95,
  },
  {
    name: 'Energy',
    industries: ['Oil & Gas Exploration', 'Oil & Gas Refining', 'Energy Equipment'],
    nouns: ['Energy', 'Petroleum', 'Resources', 'Drilling', 'Midstream'],
    weight: 0.06,
    beta: 1.15,
    vol: 0.34,
    pe: 12,
    netMargin: [0.04, 0.18],
    grossMargin: [0.2, 0.5],
    pb: 1.8,
    debtToEquity: [0.3, 1.2],
    dividendOdds: 0.75,
    payout: [0.3, 0.6],
    growth: [3, 15],
    profitable: 0.8,
  },
  {
    name: 'Materials',
    industries: [
      'Chemicals',
      'Metals & Mining',
      'Containers & Packaging',
      'Construction Materials',
    ],
    nouns: ['Materials', 'Chemicals', 'Minerals', 'Metals', 'Packaging'],
    weight: 0.05,
    beta: 1.05,
    vol: 0.28,
    pe: 16,
    netMargin: [0.05, 0.15],
    grossMargin: [0.2, 0.4],
    pb: 2.5,
    debtToEquity: [0.3, 1.2],
    dividendOdds: 0.7,
    payout: [0.3, 0.55],
    growth: [4, 8],
    profitable: 0.9,
  },
  {
    name: 'Utilities',
    industries: ['Electric Utilities', 'Gas Utilities', 'Water Utilities', 'Renewable Power'],
    nouns: ['Power', 'Electric', 'Utilities', 'Water', 'Gas & Light'],
    weight: 0.05,
    beta: 0.45,
    vol: 0.16,
    pe: 18,
    netMargin: [0.08, 0.16],
    grossMargin: [0.3, 0.5],
    pb: 1.8,
    debtToEquity: [1, 2],
    dividendOdds: 0.95,
    payout: [0.55, 0.8],
    growth: [3, 3],
    profitable: 0.95,
  },
  {
    name: 'Real Estate',
    industries: ['Residential REITs', 'Office REITs', 'Industrial REITs', 'Real Estate Services'],
    nouns: ['Realty', 'Properties', 'Real Estate', 'Land', 'Residential'],
    weight: 0.06,
    beta: 0.8,
    vol: 0.22,
    pe: 30,
    netMargin: [0.15, 0.4],
    grossMargin: [0.55, 0.75],
    pb: 2,
    debtToEquity: [0.6, 1.5],
    dividendOdds: 1,
    payout: [0.7, 0.95],
    growth: [4, 5],
    profitable: 0.92,
  },
];
