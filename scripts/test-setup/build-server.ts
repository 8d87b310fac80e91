import { execFileSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Compiles the API and the worker (scripts/build-server.mjs) once per test run, before any test
 * starts them as processes: tests run the code as production runs it, and never a stale build.
 */
export function buildServerOnce() {
  if (process.env.TRADEBOT_SERVER_BUILT === '1') return;
  execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, stdio: 'inherit' });
  process.env.TRADEBOT_SERVER_BUILT = '1';
}
