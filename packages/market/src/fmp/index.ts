export { FmpFundamentals, fmpSymbol, type FmpFundamentalsOptions } from './fmp-fundamentals.js';
export * from './errors.js';
export { assetTypeOf } from './mapping.js';
export { FMP_BASE_URL, resolveFmpBaseUrl, type FmpEnv } from './settings.js';
