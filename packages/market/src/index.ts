export * from './ports/index.js';
export * from './calendar/index.js';
export * from './demo/index.js';
export * from './alpaca/index.js';
export * from './csv/index.js';
export * from './fmp/index.js';
export * from './logos/index.js';
