import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { backupDatabase, defaultBackupPath } from './backup/backup.js';
import { appDatabaseUrl, describeDatabase, formatBytes, REPO_ROOT } from './backup/cli-setup.js';
import { PgToolError } from './backup/pg-tools.js';

/**
 * Writes a pg_dump (custom format) of the app's database:
 *   npm run backup                 -> backups/tradebot-<UTC time>.dump
 *   npm run backup -- <file>       -> that file
 * The root script passes `--base` (the directory npm was run from) so a relative path means
 * what the operator typed.
 */
const { values, positionals } = parseArgs({
  options: { base: { type: 'string' } },
  allowPositionals: true,
});
const [fileArg] = positionals;
const file = fileArg
  ? resolve(values.base || process.cwd(), fileArg)
  : defaultBackupPath(join(REPO_ROOT, 'backups'), new Date());

const url = appDatabaseUrl();
try {
  const bytes = await backupDatabase(url, file);
  console.log(`Backed up ${describeDatabase(url)} to ${file} (${formatBytes(bytes)}).`);
  console.log(
    'Broker keys and alert secrets in it are encrypted: keep ENCRYPTION_KEY (or .data/encryption.key) safe, apart from the backup.',
  );
} catch (error) {
  console.error(error instanceof PgToolError ? `Backup failed: ${error.message}` : error);
  process.exitCode = 1;
}
