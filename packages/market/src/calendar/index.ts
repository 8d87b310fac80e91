export * from './days.js';
export * from './new-york-time.js';
export * from './nyse.js';
