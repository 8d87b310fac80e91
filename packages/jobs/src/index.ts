export * from './queue.js';
export * from './queues.js';
export * from './request-trace.js';
