import { slotOf } from './slots.js';

/**
 * Runs before each integration test file, in its own process: points DATABASE_URL and REDIS_URL
 * at the file's slot (integration.global.ts made them), so files running side by side never
 * share a database or a queue.
 */
const slot = slotOf(process.env);
const database = new URL(process.env.TEST_DATABASE_URL ?? '');
database.pathname = `${database.pathname}_${slot}`;
process.env.DATABASE_URL = database.toString();
const firstDb = Number(process.env.TEST_REDIS_FIRST_DB ?? 0);
process.env.REDIS_URL = `${process.env.TEST_REDIS_BASE}/${firstDb + slot - 1}`;
