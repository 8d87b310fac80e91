export * from './clock.js';
export * from './demo-market.js';
export {
  generateUniverse,
  type DemoCompany,
  type PriceModel,
  type UniverseOptions,
} from './universe.js';
export { generateFactors, type MarketFactors } from './factors.js';
export { generateSeries, type SymbolSeries } from './prices.js';
export { SECTORS, type SectorModel } from './sectors.js';
