import { defineConfig } from 'vitest/config';
import { testWorkers } from './scripts/test-setup/slots.js';

// One runner for the whole repo, TEST_WORKERS files at a time (default 4), longest first
// (scripts/test-setup/sequencer.ts). Unit tests need no services. Integration tests
// (*.int.test.ts) use real PostgreSQL and Redis, each file in a slot of its own: a database
// copied from one migrated template and a Redis database (scripts/test-setup/). Browser tests
// (e2e/) drive Debian's Chromium against built copies of the product, each file holding one
// copy for its run (e2e/slot.setup.ts).
const ignored = ['**/node_modules/**', '**/dist/**'];

export default defineConfig({
  test: {
    reporters: ['default', './scripts/summary-reporter.ts'],
    maxWorkers: testWorkers(),
    sequence: { sequencer: (await import('./scripts/test-setup/sequencer.js')).DurationSequencer },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['{apps,packages}/*/{src,test}/**/*.test.{ts,tsx}'],
          exclude: [...ignored, '**/*.int.test.ts'],
          // Files share two cores: a property test that takes 2 s alone may take 20.
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // The files share no state: one module cache per worker spares re-importing per file.
          isolate: false,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['{apps,packages}/*/{src,test}/**/*.int.test.ts'],
          exclude: ignored,
          globalSetup: ['./scripts/test-setup/integration.global.ts'],
          setupFiles: ['./scripts/test-setup/integration.slot.ts'],
          // Each file starts and closes its own runtime on its slot's database and Redis; the
          // module cache is kept between files, which spares a few seconds of imports each.
          isolate: false,
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.test.ts'],
          exclude: ignored,
          globalSetup: ['./e2e/server.global.ts'],
          setupFiles: ['./e2e/slot.setup.ts'],
          // Each file launches and closes its own browser; the module cache (vitest, Playwright,
          // the helpers) is kept between files, which spares each about a CPU second of imports.
          isolate: false,
          testTimeout: 180_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
