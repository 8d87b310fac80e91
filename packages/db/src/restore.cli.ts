import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { restoreDatabase } from './backup/backup.js';
import { appDatabaseUrl, describeDatabase } from './backup/cli-setup.js';
import { PgToolError } from './backup/pg-tools.js';

/**
 * Replaces the app's database with a backup made by `npm run backup`:
 *   npm run restore -- <file> [--force]
 * Stop the API and the worker first: it refuses while other sessions are connected, unless
 * --force. The API and the worker apply any newer migrations when they start again.
 */
const { values, positionals } = parseArgs({
  options: { base: { type: 'string' }, force: { type: 'boolean', default: false } },
  allowPositionals: true,
});
const [fileArg] = positionals;
if (!fileArg) {
  console.error('Usage: npm run restore -- <file> [--force]   (a .dump written by npm run backup)');
  process.exit(1);
}
const file = resolve(values.base || process.cwd(), fileArg);

const url = appDatabaseUrl();
try {
  await restoreDatabase(url, file, { force: values.force });
  console.log(`Restored ${file} into ${describeDatabase(url)}.`);
} catch (error) {
  console.error(error instanceof PgToolError ? `Restore failed: ${error.message}` : error);
  process.exitCode = 1;
}
