/**
 * Overnight gaps on the real daily series (../shared/data/prices-daily, split- and
 * dividend-adjusted): how far the next open is from the deciding close, the figure behind the
 * README's "Live trading: where fills can differ from the backtest". On Alpaca a bracket's legs
 * are priced from the deciding close (they must be sent before the fill), while the backtester
 * prices them from the fill at the next open, so the two sets of levels differ by this gap.
 *
 *   npx tsx bench/live-fill-gaps.ts
 */
import { STOCK_PARAM_DEFAULTS } from '@tradebot/strategy';
import { loadRealSymbols } from './lib/data.js';

const bars = loadRealSymbols();
if (bars.length === 0) process.exit(0);

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * (sorted.length - 1)))]!;
const pct = (x: number, digits = 2) => `${(x * 100).toFixed(digits)} %`;
const share = (xs: number[], test: (x: number) => boolean) => xs.filter(test).length / xs.length;

const gaps: number[] = [];
const perStockMedian: number[] = [];
for (const b of bars) {
  const own: number[] = [];
  for (let i = 1; i < b.close.length; i++) {
    const previous = b.close[i - 1]!;
    if (previous > 0 && b.open[i]! > 0) own.push(b.open[i]! / previous - 1);
  }
  gaps.push(...own);
  perStockMedian.push(
    quantile(
      own.map(Math.abs).sort((x, y) => x - y),
      0.5,
    ),
  );
}
const abs = gaps.map(Math.abs).sort((x, y) => x - y);
perStockMedian.sort((x, y) => x - y);

const sl = STOCK_PARAM_DEFAULTS.stop_loss_percentage / 100;
const tp = STOCK_PARAM_DEFAULTS.take_profit_percentage / 100;
// A long's stop from the close, C·(1 − sl), seen from the fill O = C·(1 + g).
const stopDistanceShift = gaps
  .map((g) => Math.abs(1 - (1 - sl) / (1 + g) - sl))
  .sort((x, y) => x - y);

console.log(
  `Overnight gap |open / previous close − 1|, ${bars.length} stocks, ${abs.length} sessions`,
);
console.log(
  `  median ${pct(quantile(abs, 0.5), 3)}, mean ${pct(abs.reduce((a, x) => a + x, 0) / abs.length, 3)}`,
);
console.log(
  `  p75 ${pct(quantile(abs, 0.75))}, p90 ${pct(quantile(abs, 0.9))}, p99 ${pct(quantile(abs, 0.99))}`,
);
console.log(
  `  per-stock median: lowest ${pct(perStockMedian[0]!, 3)}, median ${pct(quantile(perStockMedian, 0.5), 3)}, highest ${pct(perStockMedian[perStockMedian.length - 1]!, 3)}`,
);
console.log(
  `  sessions with |gap| > 0.1 % (the default slippage): ${pct(
    share(abs, (x) => x > 0.001),
    1,
  )}; > 0.5 %: ${pct(
    share(abs, (x) => x > 0.005),
    1,
  )}; > 1 %: ${pct(
    share(abs, (x) => x > 0.01),
    1,
  )}; > 2 %: ${pct(
    share(abs, (x) => x > 0.02),
    1,
  )}`,
);
console.log(
  `Bracket legs priced from the close, default levels (stop ${pct(sl, 0)}, target ${pct(tp, 0)}):`,
);
console.log(
  `  a long's stop sits from the fill ${pct(sl, 0)} ± median ${pct(quantile(stopDistanceShift, 0.5), 3)} (p90 ${pct(quantile(stopDistanceShift, 0.9))}): the risk of a trade moves by a median ${pct(quantile(stopDistanceShift, 0.5) / sl, 0)} of itself`,
);
console.log(
  `  entry opens beyond its stop (exits right after the fill): long ${pct(
    share(gaps, (g) => g <= -sl),
    2,
  )}, short ${pct(
    share(gaps, (g) => g >= sl),
    2,
  )} of sessions`,
);
console.log(
  `  entry opens beyond its target (take-profit fills at once): long ${pct(
    share(gaps, (g) => g >= tp),
    2,
  )}, short ${pct(
    share(gaps, (g) => g <= -tp),
    2,
  )} of sessions`,
);
