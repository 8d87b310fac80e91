/** Runs bench tasks in worker threads. */
import { buildSync } from 'esbuild';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

let bundle: string | undefined;

/**
 * The worker, bundled once to plain JavaScript: workers then start in milliseconds instead of each
 * compiling TypeScript through tsx, which would blur the one-versus-two-thread comparison.
 */
function workerBundle(): string {
  if (!bundle) {
    bundle = join(mkdtempSync(join(tmpdir(), 'bench-')), 'worker.mjs');
    buildSync({
      entryPoints: [fileURLToPath(new URL('./worker.ts', import.meta.url))], bundle: true, platform: 'node',
      format: 'esm', outfile: bundle, logLevel: 'error',
      banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
    });
  }
  return bundle;
}

/** Starts one worker on `task` and resolves with the message it posts back. */
export function runInWorker<T>(task: unknown): Promise<T> {
  return new Promise((resolve, reject) => {
    const w = new Worker(workerBundle(), { workerData: task });
    w.once('message', (m: T) => {
      resolve(m);
      void w.terminate();
    });
    w.once('error', reject);
  });
}

/** Splits [0, n) into `parts` contiguous shares of nearly equal size. */
export function shares(n: number, parts: number): [number, number][] {
  return Array.from({ length: parts }, (_, k) => [Math.floor((k * n) / parts), Math.floor(((k + 1) * n) / parts)]);
}
