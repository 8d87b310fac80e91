export * from './queue.js';
export * from './queues.js';
