export * from './params.js';
export * from './optimizer/index.js';
export * from './indicators/index.js';
