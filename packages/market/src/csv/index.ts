export * from './csv-text.js';
export * from './rejections.js';
export * from './prices.js';
export * from './fundamentals.js';
export * from './gics.js';
export * from './layout.js';
