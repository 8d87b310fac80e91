export * from './features.js';
export * from './metrics.js';
export * from './dataset.js';
export * from './model.js';
export * from './evaluate.js';
