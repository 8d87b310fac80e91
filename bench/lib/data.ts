/** Bench data: seeded synthetic bars (geometric Brownian motion) and the real daily CSVs. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { mulberry32 } from '../../packages/strategy/src/optimizer/testing.js';

export interface Bars {
  symbol: string;
  open: Float64Array;
  high: Float64Array;
  low: Float64Array;
  close: Float64Array;
  volume: Float64Array;
}

/** Standard normal from two uniforms (Box–Muller). */
function normal(rng: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - rng())) * Math.cos(2 * Math.PI * rng());
}

/**
 * GBM closes, dS/S = μ dt + σ dW, with open = previous close and high/low spread by a half-normal
 * intrabar range. `barsPerYear` sets dt (252 daily, 98,280 = 252 × 390 one-minute bars).
 */
export function gbmBars(symbol: string, n: number, seed: number, barsPerYear = 252): Bars {
  const rng = mulberry32(seed);
  const mu = 0.08 * (rng() - 0.3);
  const sigma = 0.15 + 0.35 * rng();
  const dt = 1 / barsPerYear;
  const b: Bars = {
    symbol, open: new Float64Array(n), high: new Float64Array(n), low: new Float64Array(n),
    close: new Float64Array(n), volume: new Float64Array(n),
  };
  let price = 20 + 180 * rng();
  for (let i = 0; i < n; i++) {
    const open = price;
    price *= Math.exp((mu - 0.5 * sigma * sigma) * dt + sigma * Math.sqrt(dt) * normal(rng));
    const range = Math.abs(normal(rng)) * sigma * Math.sqrt(dt) * 0.5;
    b.open[i] = open;
    b.close[i] = price;
    b.high[i] = Math.max(open, price) * (1 + range);
    b.low[i] = Math.min(open, price) * (1 - range);
    b.volume[i] = 1e5 + 1e6 * rng();
  }
  return b;
}

/** The shared real-data folder, relative to this file (../../../shared/data/prices-daily). */
export const PRICES_DAILY = fileURLToPath(new URL('../../../shared/data/prices-daily', import.meta.url));

/** Parses one prices-daily CSV, adjusting OHLC by adjusted_close/close so splits are not crashes. */
export function loadDailyCsv(path: string, symbol: string): Bars {
  const lines = readFileSync(path, 'utf8').trim().split('\n').slice(1);
  const n = lines.length;
  const b: Bars = {
    symbol, open: new Float64Array(n), high: new Float64Array(n), low: new Float64Array(n),
    close: new Float64Array(n), volume: new Float64Array(n),
  };
  lines.forEach((line, i) => {
    const [, o, h, l, c, adj, v] = line.split(',').map(Number) as number[];
    const k = (adj as number) / (c as number);
    b.open[i] = (o as number) * k;
    b.high[i] = (h as number) * k;
    b.low[i] = (l as number) * k;
    b.close[i] = adj as number;
    b.volume[i] = v as number;
  });
  return b;
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
