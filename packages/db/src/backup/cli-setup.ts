import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { databaseUrlFromEnv } from '../env.js';

/** The repository: three levels up from packages/db/src/backup is one more than from src. */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');

/**
 * The database the app uses: DATABASE_URL from the environment, else from apps/api/.env (as
 * the API reads it), else the local default.
 */
export function appDatabaseUrl(): string {
  const apiEnv = join(REPO_ROOT, 'apps/api/.env');
  if (existsSync(apiEnv)) process.loadEnvFile(apiEnv);
  return databaseUrlFromEnv();
}

/** `postgres@127.0.0.1:5432/tradebot`: where, without the password. */
export function describeDatabase(url: string): string {
  const where = new URL(url);
  return `${where.host}${where.pathname}`;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}
