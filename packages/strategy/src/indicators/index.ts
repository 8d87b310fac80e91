export type { IncrementalIndicator } from './incremental.js';
export { sma, ema, SmaIndicator, EmaIndicator } from './moving-averages.js';
export { rsi, RsiIndicator } from './rsi.js';
export { trueRange, atr, atrPercent, AtrIndicator } from './atr.js';
export {
  macd,
  macdCrossover,
  macdCrossunder,
  MacdIndicator,
  type MacdSeries,
  type MacdValue,
} from './macd.js';
export { averageVolume, AverageVolumeIndicator } from './volume.js';
export { beta, BetaIndicator } from './beta.js';
