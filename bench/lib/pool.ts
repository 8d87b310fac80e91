/** Runs bench tasks in worker threads. */
import { buildSync } from 'esbuild';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';

/**
 * The worker, bundled to plain JavaScript: workers then start in milliseconds instead of each
 * compiling TypeScript through tsx. Returns the bundle's path; `rmSync(dirname(path))` cleans up.
 */
function workerBundle(): string {
  const out = join(mkdtempSync(join(tmpdir(), 'bench-')), 'worker.mjs');
  buildSync({
    entryPoints: [fileURLToPath(new URL('./worker.ts', import.meta.url))],
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile: out,
    logLevel: 'error',
    banner: {
      js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
    },
  });
  return out;
}

/**
 * A fixed set of worker threads, started on first use and kept for every later task, as a worker
 * service keeps its threads: a pass then measures the kernel, not thread start-up and JIT warm-up
 * (≈ 0.1 s + the first symbols' slower runs per thread, which a short pass cannot amortise).
 * `startMs` says what starting them cost; the first pass's wall time includes it.
 */
export class WorkerPool {
  private readonly workers: Worker[] = [];
  private bundle: string | undefined;
  startMs = 0;

  constructor(readonly size: number) {}

  /** Runs `task` on worker `k` (0 ≤ k < size) and resolves with the message it posts back. */
  run<T>(k: number, task: unknown): Promise<T> {
    const w = this.worker(k);
    return new Promise((resolve, reject) => {
      const fail = (e: Error): void => reject(e);
      w.once('error', fail);
      w.once('message', (m: T) => {
        w.off('error', fail);
        resolve(m);
      });
      w.postMessage(task);
    });
  }

  /** Stops every worker and removes the bundle. */
  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
    this.workers.length = 0;
    if (this.bundle) rmSync(dirname(this.bundle), { recursive: true, force: true });
    this.bundle = undefined;
  }

  private worker(k: number): Worker {
    if (k < 0 || k >= this.size)
      throw new RangeError(`worker ${k} is not in a pool of ${this.size}`);
    if (this.workers.length === 0) {
      const t0 = performance.now();
      this.bundle = workerBundle();
      for (let j = 0; j < this.size; j++) this.workers.push(new Worker(this.bundle));
      this.startMs = performance.now() - t0;
    }
    return this.workers[k] as Worker;
  }
}

/** Splits [0, n) into `parts` contiguous shares of nearly equal size. */
export function shares(n: number, parts: number): [number, number][] {
  return Array.from({ length: parts }, (_, k) => [
    Math.floor((k * n) / parts),
    Math.floor(((k + 1) * n) / parts),
  ]);
}
