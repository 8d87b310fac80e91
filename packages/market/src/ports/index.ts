export * from './market-data.port.js';
export * from './fundamentals.port.js';
export * from './broker.port.js';
export * from './logos.port.js';
export * from './bar-rows.js';
export * from './universe-data.port.js';
