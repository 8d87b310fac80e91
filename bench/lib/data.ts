/** Bench data: seeded synthetic bars (geometric Brownian motion) and the real daily CSVs. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { allocBars, parseDailyCsv, type Bars } from '@tradebot/strategy';
import { mulberry32 } from '@tradebot/strategy/testing';

export type { Bars };

/** Standard normal from two uniforms (Box–Muller). */
function normal(rng: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - rng())) * Math.cos(2 * Math.PI * rng());
}

/** First bar of every synthetic series: 2000-01-03 (a Monday), 00:00 UTC. */
const GBM_START = Date.UTC(2000, 0, 3);

/**
 * GBM closes, dS/S = μ dt + σ dW, with open = previous close and high/low spread by a half-normal
 * intrabar range. `barsPerYear` sets dt (252 daily, 98,280 = 252 × 390 one-minute bars) and the
 * time step: consecutive days for daily series, consecutive minutes otherwise.
 */
export function gbmBars(symbol: string, n: number, seed: number, barsPerYear = 252): Bars {
  const rng = mulberry32(seed);
  const mu = 0.08 * (rng() - 0.3);
  const sigma = 0.15 + 0.35 * rng();
  const dt = 1 / barsPerYear;
  const step = barsPerYear <= 366 ? 86_400_000 : 60_000;
  const b = allocBars(symbol, n);
  let price = 20 + 180 * rng();
  for (let i = 0; i < n; i++) {
    const open = price;
    price *= Math.exp((mu - 0.5 * sigma * sigma) * dt + sigma * Math.sqrt(dt) * normal(rng));
    const range = Math.abs(normal(rng)) * sigma * Math.sqrt(dt) * 0.5;
    b.time[i] = GBM_START + i * step;
    b.open[i] = open;
    b.close[i] = price;
    b.high[i] = Math.max(open, price) * (1 + range);
    b.low[i] = Math.min(open, price) * (1 - range);
    b.volume[i] = 1e5 + 1e6 * rng();
  }
  return b;
}

/** The shared real-data folder, relative to this file (../../../shared/data/prices-daily). */
export const PRICES_DAILY = fileURLToPath(
  new URL('../../../shared/data/prices-daily', import.meta.url),
);

/** One prices-daily CSV as adjusted bars, through the package's `parseDailyCsv`. */
export function loadDailyCsv(path: string, symbol: string): Bars {
  return parseDailyCsv(symbol, readFileSync(path, 'utf8'));
}

/** All real symbols, or [] (with a message) when the shared data folder is absent. */
export function loadRealSymbols(limit = Infinity): Bars[] {
  if (!existsSync(PRICES_DAILY)) {
    console.log(`real data not found at ${PRICES_DAILY}: skipping the real-symbol pass`);
    return [];
  }
  return readdirSync(PRICES_DAILY)
    .filter((f) => f.endsWith('.csv'))
    .sort()
    .slice(0, limit)
    .map((f) => loadDailyCsv(`${PRICES_DAILY}/${f}`, f.replace(/\.csv$/, '')));
}
