export * from './monte-carlo.js';
