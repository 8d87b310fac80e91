export * from './criteria.js';
export { screen, type ScreenResult } from './screen.js';
export { METRIC_SETTINGS, stockMetrics, type StockMetrics } from './metrics.js';
