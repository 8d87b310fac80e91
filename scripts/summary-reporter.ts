import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';
import { DURATIONS_FILE } from './test-setup/sequencer.js';

const SLOWEST = 20;

/** A file's wall time in its worker: set-up, import, then its tests and hooks. */
function secondsOf(module: TestModule): number {
  const d = module.diagnostic();
  return (d.setupDuration + d.collectDuration + d.duration) / 1000;
}

/**
 * After vitest's own summary: the slowest files, then one plain closing line, "tests: N passed,
 * N failed, N skipped", so CI can read the counts. Skipped tests are reported, never counted as
 * passed. With TEST_DURATIONS=write, a full run stores each file's time for the sequencer.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const counts = { passed: 0, failed: 0, skipped: 0 };
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') counts.passed += 1;
        else if (state === 'failed') counts.failed += 1;
        else counts.skipped += 1;
      }
      // A file that failed to load has no tests but is a failure.
      if (module.state() === 'failed' && [...module.children.allTests()].length === 0)
        counts.failed += 1;
    }
    const timed = testModules
      .map((module) => ({
        path: relative(process.cwd(), module.moduleId),
        seconds: secondsOf(module),
      }))
      .sort((a, b) => b.seconds - a.seconds);
    const lines = timed
      .slice(0, SLOWEST)
      .map(({ path, seconds }) => `  ${seconds.toFixed(1).padStart(6)} s  ${path}`);
    process.stdout.write(`\nslowest ${lines.length} test files:\n${lines.join('\n')}\n`);
    if (process.env.TEST_DURATIONS === 'write') {
      const durations = Object.fromEntries(
        [...timed]
          .sort((a, b) => a.path.localeCompare(b.path))
          .map(({ path, seconds }) => [path, Math.round(seconds * 10) / 10]),
      );
      writeFileSync(DURATIONS_FILE, `${JSON.stringify(durations, null, 2)}\n`);
    }
    process.stdout.write(
      `\ntests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped\n`,
    );
  }
}
