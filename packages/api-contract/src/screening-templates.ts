import type { ScreenCriteria } from '@tradebot/strategy';
import { SCREENING_DEFAULTS, type TScreeningTemplate } from './schemas/screening.schema.js';

/** Every criterion off: templates below switch on only what they are about. */
const NO_FILTER: ScreenCriteria = Object.fromEntries(
  Object.entries(SCREENING_DEFAULTS).map(([key, value]) => [
    key,
    typeof value === 'boolean' ? false : null,
  ]),
) as ScreenCriteria;

/** Funds and blank-check shells have no business to screen on fundamentals. */
const COMPANIES_ONLY = { exclude_spacs: true, exclude_etfs: true } as const;

export const CUSTOM_TEMPLATE_NAME = 'Custom Template';

/**
 * The built-in screening templates (a name, criteria and a description; custom templates
 * are the ones without a description). Thresholds are in the criteria's units: percents as
 * percents, market cap and cash flow in US dollars, volume in shares a day.
 */
export const BUILT_IN_TEMPLATES: readonly Required<TScreeningTemplate>[] = [
  {
    name: CUSTOM_TEMPLATE_NAME,
    description:
      'The default criteria: liquid, volatile stocks (ATR at least 3 % of the price, 500,000 shares a day, beta 1.2 to 5) whose RSI is not overbought (60 or below). Adjust any field and save it under your own name.',
    criteria: { ...SCREENING_DEFAULTS },
  },
  {
    name: 'Momentum Swing',
    description:
      'Fast movers for short swing trades: ATR at least 4 % of the price, beta 1.5 to 5, 1 million shares a day and RSI 65 or below so the entry is not chasing an overbought move. Companies of at least $1 billion only.',
    criteria: {
      ...NO_FILTER,
      ...COMPANIES_ONLY,
      max_rsi: 65,
      min_atr_percent: 4,
      min_average_volume: 1_000_000,
      min_beta: 1.5,
      max_beta: 5,
      min_market_cap: 1_000_000_000,
    },
  },
  {
    name: 'Oversold Bounce',
    description:
      'Liquid stocks that have sold off hard: RSI 35 or below with enough daily range (ATR 2 % or more) to bounce, 750,000 shares a day, market cap $2 billion or more.',
    criteria: {
      ...NO_FILTER,
      ...COMPANIES_ONLY,
      max_rsi: 35,
      min_atr_percent: 2,
      min_average_volume: 750_000,
      min_market_cap: 2_000_000_000,
    },
  },
  {
    name: 'Value',
    description:
      'Cheap, solid balance sheets: P/E 15 or below, price-to-book 2 or below, EV/EBITDA 10 or below, debt at most equal to equity, current ratio 1.2 or more and positive free cash flow. No REITs, funds or SPACs.',
    criteria: {
      ...NO_FILTER,
      ...COMPANIES_ONLY,
      exclude_reits: true,
      max_pe_ratio: 15,
      max_pb_ratio: 2,
      max_ev_ebitda: 10,
      max_debt_to_equity: 1,
      min_current_ratio: 1.2,
      min_free_cash_flow: 0,
    },
  },
  {
    name: 'Quality Growth',
    description:
      'Growing, profitable companies at a sensible price: revenue growth 10 % or more, earnings growth 10 % or more, ROE 15 % or more, gross margin 40 % or more, PEG 2 or below, market cap $2 billion or more.',
    criteria: {
      ...NO_FILTER,
      ...COMPANIES_ONLY,
      min_revenue_growth: 10,
      min_earnings_growth: 10,
      min_roe: 15,
      min_gross_margin: 40,
      max_peg_ratio: 2,
      min_market_cap: 2_000_000_000,
    },
  },
  {
    name: 'Dividend Income',
    description:
      'Steady payers: dividend yield 3 % or more, beta 1 or below, debt at most 1.5 times equity, positive free cash flow, market cap $5 billion or more. REITs included; funds and SPACs not.',
    criteria: {
      ...NO_FILTER,
      ...COMPANIES_ONLY,
      min_dividend_yield: 3,
      max_beta: 1,
      max_debt_to_equity: 1.5,
      min_free_cash_flow: 0,
      min_market_cap: 5_000_000_000,
    },
  },
  {
    name: 'Low Volatility',
    description:
      'Calm, large, profitable companies that move less than the market: beta 0.9 or below, RSI 70 or below, operating margin 10 % or more, market cap $10 billion or more.',
    criteria: {
      ...NO_FILTER,
      ...COMPANIES_ONLY,
      max_rsi: 70,
      max_beta: 0.9,
      min_operating_margin: 10,
      min_market_cap: 10_000_000_000,
    },
  },
];
