export * from './fills.js';
