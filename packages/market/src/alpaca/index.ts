export * from './alpaca-market-data.js';
export { AlpacaClock, type AlpacaClockSnapshot } from './clock.js';
export * from './errors.js';
export * from './settings.js';
export { createAlpacaBroker, type AlpacaBrokerOptions } from './alpaca-broker.js';
export type { AlpacaRequestLimiter } from './transport.js';
export { SYMBOLS_PER_REQUEST } from './universe-data.js';
