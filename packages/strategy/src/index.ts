export * from './params.js';
export * from './optimizer/index.js';
export * from './indicators/index.js';
export * from './bars.js';
export * from './signals/index.js';
export * from './backtest/index.js';
export * from './sentiment/index.js';
export * from './screening/index.js';
