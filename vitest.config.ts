import { defineConfig } from 'vitest/config';

// One runner for the whole repo. Unit tests need no services and run in parallel;
// integration tests (*.int.test.ts) share one real PostgreSQL database and Redis, so their
// files run one at a time; browser tests (e2e/) drive Debian's Chromium against a built app.
const ignored = ['**/node_modules/**', '**/dist/**'];

export default defineConfig({
  test: {
    reporters: ['default', './scripts/summary-reporter.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['{apps,packages}/*/{src,test}/**/*.test.{ts,tsx}'],
          exclude: [...ignored, '**/*.int.test.ts'],
        },
      },
      {
        test: {
          name: 'integration',
          include: ['{apps,packages}/*/{src,test}/**/*.int.test.ts'],
          exclude: ignored,
          globalSetup: ['./scripts/test-setup/integration.global.ts'],
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.test.ts'],
          exclude: ignored,
          globalSetup: ['./e2e/server.global.ts'],
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
