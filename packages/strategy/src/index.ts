export * from './params.js';
export * from './optimizer/index.js';
