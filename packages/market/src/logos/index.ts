export * from './demo-logo.js';
export * from './template-logo.js';
