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
export * from './sim-ledger.js';
export { SimBook, type SimCosts } from './sim-book.js';
export { settle, stopLevel, type SettleContext } from './sim-settle.js';
export { SimBroker, type SimBrokerOptions } from './sim-broker.js';
export { simBrokerMessages, toBrokerOrder } from './sim-broker-orders.js';
export { validateSimOrder, simOrderMessages } from './sim-validate.js';
