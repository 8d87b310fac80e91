export * from './params.js';
