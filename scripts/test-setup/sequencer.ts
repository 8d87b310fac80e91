import { existsSync, readFileSync } from 'node:fs';
import { relative, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { e2eDeployments, testWorkers } from './slots.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
/** Seconds each test file took in a full run (summary-reporter.ts rewrites it on request). */
export const DURATIONS_FILE = resolve(root, 'scripts/test-setup/durations.json');
/** A file not measured yet is guessed from its kind. */
const GUESS_SECONDS: Record<string, number> = { unit: 0.5, integration: 5, e2e: 30 };
/**
 * The projects in the order the queue runs them. Unit files before integration files: the
 * longest unit file (the optimizer on real symbols, about 35 s) would otherwise end the run
 * alone, while the integration files end with many short ones.
 */
const PROJECT_ORDER = ['e2e', 'unit', 'integration'];

function loadDurations(): Record<string, number> {
  if (!existsSync(DURATIONS_FILE)) return {};
  return JSON.parse(readFileSync(DURATIONS_FILE, 'utf8')) as Record<string, number>;
}

interface Job {
  spec: TestSpecification;
  seconds: number;
  browser: boolean;
}

const rank = (job: Job) => {
  const index = PROJECT_ORDER.indexOf(job.spec.project.name);
  return index === -1 ? PROJECT_ORDER.length : index;
};

/**
 * Queues test files so the run ends as early as it can, one project after another (browser,
 * unit, then integration files), longest first within each.
 *
 * Vitest keeps a worker process, with its module cache, for the next file only when the next
 * file in the queue belongs to the same project; otherwise it stops the process and the next
 * file starts a new one, which pays 1 to 3 CPU seconds of imports again. A queue that alternated
 * projects by duration started 100 processes for 310 files; one project after another starts
 * about one per worker and project.
 *
 * The queue is the order a simulated run would start them in, each free worker taking the first
 * file left that can start at once. A browser file can start only when one of the deployments is
 * free (e2e/slot.setup.ts makes a file wait otherwise, holding its worker); with one deployment
 * per worker (the default) every browser file can.
 */
export class DurationSequencer extends BaseSequencer {
  override sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const durations = loadDurations();
    const jobs: Job[] = files
      .map((spec) => {
        const kind = spec.project.name;
        const path = relative(root, spec.moduleId);
        return {
          spec,
          seconds: durations[path] ?? GUESS_SECONDS[kind] ?? 1,
          browser: kind === 'e2e',
        };
      })
      .sort((a, b) => rank(a) - rank(b) || b.seconds - a.seconds);
    const deployments = Array<number>(e2eDeployments()).fill(0);
    const workers = Array<number>(testWorkers()).fill(0);
    const order: TestSpecification[] = [];
    while (jobs.length > 0) {
      const at = Math.min(...workers);
      const worker = workers.indexOf(at);
      const freeAt = Math.min(...deployments);
      const index = jobs.findIndex((job) => !job.browser || freeAt <= at);
      const [job] = jobs.splice(index === -1 ? 0 : index, 1);
      if (!job) break;
      let ends = at + job.seconds;
      if (job.browser) {
        ends = Math.max(at, freeAt) + job.seconds;
        deployments[deployments.indexOf(freeAt)] = ends;
      }
      workers[worker] = ends;
      order.push(job.spec);
    }
    return Promise.resolve(order);
  }
}
