import js from '@eslint/js';
import tseslint from 'typescript-eslint';

// Layers point one way (CONVENTIONS.md §1): apps -> packages, strategy depends on nothing of ours,
// the web app never imports server code.
const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '**/generated/**', '.turbo/**', 'coverage/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { console: 'readonly', process: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['packages/strategy/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      ...restrict([
        { group: ['node:*', 'fs', 'path', 'os', 'crypto', 'worker_threads'], message: 'packages/strategy is pure: no I/O.' },
        { group: ['@tradebot/*'], message: 'packages/strategy depends on nothing of ours.' },
        { group: ['@prisma/*', 'bullmq', 'ioredis', 'pg'], message: 'packages/strategy is pure: no I/O.' },
      ]),
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'Time is a parameter in packages/strategy.' },
        { object: 'Math', property: 'random', message: 'Use the seeded RNG parameter.' },
      ],
      'no-restricted-globals': ['error', { name: 'fetch', message: 'packages/strategy is pure: no I/O.' }],
    },
  },
  {
    files: ['packages/api-contract/src/**/*.ts'],
    rules: restrict([
      { group: ['@tradebot/db', '@tradebot/jobs', '@prisma/*', 'bullmq', 'ioredis', 'node:*'], message: 'api-contract holds schemas and types only.' },
    ]),
  },
  {
    files: ['packages/db/src/**/*.ts'],
    rules: restrict([{ group: ['@tradebot/*'], message: 'packages/db depends on nothing of ours.' }]),
  },
  {
    files: ['packages/**/*.ts'],
    rules: restrict([{ group: ['@tradebot/api', '@tradebot/worker', '@tradebot/web'], message: 'Packages never import apps.' }]),
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { window: 'readonly', document: 'readonly', localStorage: 'readonly', navigator: 'readonly' } },
    rules: {
      'no-restricted-imports': 'off',
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@tradebot/api-contract',
              allowTypeImports: true,
              message: 'The browser imports values from @tradebot/api-contract/client (the root holds server code).',
            },
          ],
          patterns: [
            { group: ['@tradebot/db', '@tradebot/jobs', '@tradebot/api', '@tradebot/worker', 'node:*'], message: 'The web app imports api-contract only.' },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/api/src/**/*.ts'],
    rules: restrict([{ group: ['@tradebot/worker', '@tradebot/web'], message: 'No app imports another app.' }]),
  },
  {
    files: ['apps/worker/src/**/*.ts'],
    rules: restrict([{ group: ['@tradebot/api', '@tradebot/web'], message: 'No app imports another app.' }]),
  },
);
