import { databaseUrlFromEnv } from './env.js';
import { ensureDatabase, migrate } from './migrate.js';

const url = databaseUrlFromEnv();
await ensureDatabase(url);
const applied = await migrate(url);
const where = new URL(url);
console.log(
  applied.length
    ? `Applied ${applied.join(', ')} to ${where.host}${where.pathname}.`
    : `Database ${where.pathname.slice(1)} is up to date.`,
);
