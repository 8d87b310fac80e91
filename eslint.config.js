import js from '@eslint/js';
import tseslint from 'typescript-eslint';

// Layers point one way (docs/architecture.md): apps -> trpc -> core ->
// {market, jobs, db, api-contract} -> strategy; the web app imports api-contract and the
// AppRouter type only; no import cycles anywhere.
const restrict = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
/** A Prisma model call: `db.user.findMany(…)`, `tx.botOrder.update(…)`, `deps.db.company.count(…)`. */
const PRISMA_METHODS =
  '/^(findMany|findUnique|findUniqueOrThrow|findFirst|findFirstOrThrow|create|createMany|createManyAndReturn|update|updateMany|updateManyAndReturn|upsert|delete|deleteMany|count|aggregate|groupBy)$/';
const DB_NAMES = '/^(db|tx|prisma)$/';
/** Queries live in packages/db's repositories: Prisma model calls and raw SQL elsewhere. */
const QUERIES_IN_REPOS = [
  {
    selector: `CallExpression > MemberExpression.callee[property.name=${PRISMA_METHODS}] > MemberExpression.object:matches([object.name=${DB_NAMES}], [object.property.name=${DB_NAMES}])`,
    message: 'Prisma models are read and written in packages/db/src/repos only.',
  },
  {
    selector: `MemberExpression[property.name=/^\\$(queryRaw|executeRaw)/]`,
    message: 'SQL lives in packages/db/src/repos only.',
  },
];
/** Settings are read once, validated, in a file named env.ts. */
const ENV_ACCESS = {
  object: 'process',
  property: 'env',
  message: "Read settings from the workspace's env.ts (zod-validated), never process.env.",
};
/** Where process.env may be read besides env.ts: tests, benches and scripts set up processes. */
const ENV_FREE = [
  '**/env.ts',
  '**/*.test.ts',
  '{apps,packages}/*/test/**',
  'bench/**',
  'scripts/**',
  'e2e/**',
];
const apps = {
  group: ['@tradebot/api', '@tradebot/worker', '@tradebot/web'],
  message: 'Packages never import apps.',
};
const io = {
  group: ['@prisma/*', 'bullmq', 'ioredis', 'pg', 'node:*'],
  message: 'api-contract is shared with the browser: schemas and types only.',
};

/**
 * Files linted with type information, all in one TypeScript program (tsconfig.check.json, the
 * type-check's): the packages every app imports are read once, not once per workspace.
 */
const TYPED = ['{apps,packages}/*/{src,test}/**/*.ts', '{apps,packages}/*/*.ts', 'bench/**/*.ts'];
/**
 * Linted without type information: apps/web and e2e. To add one, delete its entry here (the
 * web app's .tsx files also need '{apps,packages}/*\/src/**\/*.tsx' in TYPED).
 */
const UNTYPED = ['apps/web/**', 'e2e/**'];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/generated/**',
      '.turbo/**',
      'coverage/**',
      '.data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { console: 'readonly', process: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  // Type-aware rules: typescript-eslint's recommendedTypeChecked, and every promise awaited,
  // returned or voided on purpose.
  ...tseslint.configs.recommendedTypeChecked.map((config) => ({
    ...config,
    files: TYPED,
    ignores: UNTYPED,
  })),
  {
    files: TYPED,
    ignores: UNTYPED,
    languageOptions: {
      parserOptions: { project: './tsconfig.check.json', tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      // Implementations of promise-returning ports (fakes, the demo market) stay `async` without
      // awaiting: their errors then reach the caller as rejections, as the port promises.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // Tests read JSON replies and fakes' recorded calls as `any`: the assertion on each value is
    // the check of its shape. `expect(fake.method)` reads a method without calling it.
    files: ['**/*.test.ts', '{apps,packages}/*/test/**/*.ts'],
    ignores: UNTYPED,
    rules: {
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    files: ['**/*.{ts,tsx,js}'],
    ignores: ENV_FREE,
    rules: { 'no-restricted-properties': ['error', ENV_ACCESS] },
  },
  // The general rule first: a package's own block below replaces it (the last matching block's
  // no-restricted-imports wins), so each of those blocks names the apps among what it forbids.
  {
    files: ['packages/**/*.ts'],
    rules: restrict(apps),
  },
  {
    files: ['packages/strategy/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      ...restrict(
        {
          group: ['node:*', 'fs', 'path', 'os', 'crypto', 'worker_threads'],
          message: 'packages/strategy is pure: no I/O.',
        },
        { group: ['@tradebot/*'], message: 'packages/strategy depends on nothing of ours.' },
        {
          group: ['@prisma/*', 'bullmq', 'ioredis', 'pg'],
          message: 'packages/strategy is pure: no I/O.',
        },
      ),
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'Time is a parameter in packages/strategy.' },
        { object: 'Math', property: 'random', message: 'Use the seeded RNG parameter.' },
        ENV_ACCESS,
      ],
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'packages/strategy is pure: no I/O.' },
      ],
    },
  },
  {
    files: ['packages/api-contract/src/**/*.ts'],
    rules: restrict(io, {
      group: ['@tradebot/*', '!@tradebot/strategy'],
      message: 'api-contract imports strategy (types, bounds) and nothing else of ours.',
    }),
  },
  {
    // The one exception is a port's types: sim-broker.repo.ts implements market's SimBrokerStore
    // with the shapes market defines (import type, nothing at run time).
    files: ['packages/db/src/**/*.ts'],
    rules: {
      'no-restricted-imports': 'off',
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@tradebot/market/sim-ledger',
              allowTypeImports: true,
              message: "packages/db imports the simulated broker's port as types only.",
            },
          ],
          patterns: [
            {
              regex: '^@tradebot/(?!market/sim-ledger$)',
              message: 'packages/db depends on nothing of ours.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/jobs/src/**/*.ts'],
    rules: restrict({
      group: ['@tradebot/*', '!@tradebot/api-contract'],
      message: 'packages/jobs imports api-contract only.',
    }),
  },
  {
    files: ['packages/market/src/**/*.ts'],
    rules: restrict({
      group: ['@tradebot/*', '!@tradebot/api-contract', '!@tradebot/strategy'],
      message: 'packages/market imports api-contract and strategy only.',
    }),
  },
  {
    files: ['packages/core/src/**/*.ts'],
    rules: restrict(apps, {
      group: ['@tradebot/trpc', '@trpc/*', 'fastify', '@fastify/*'],
      message: 'packages/core is called by the transports; it never imports them.',
    }),
  },
  {
    files: ['packages/trpc/src/**/*.ts'],
    rules: restrict(apps, {
      group: ['@tradebot/db', '@tradebot/db/*', '@tradebot/jobs', '@prisma/*', 'bullmq', 'ioredis'],
      message: 'Procedures are thin: data access goes through packages/core services.',
    }),
  },
  {
    files: ['bench/**/*.ts'],
    rules: restrict(
      {
        group: ['**/packages/*/src/**', '../packages/**', '../../packages/**'],
        message: 'bench imports @tradebot/strategy by its package name.',
      },
      {
        group: ['@tradebot/*', '!@tradebot/strategy', '!@tradebot/strategy/*'],
        message: 'bench measures the strategy engine only.',
      },
    ),
  },
  {
    // The ML score bench also runs on the demo market's generated universe (DemoMarket).
    files: ['bench/ml-score.ts'],
    rules: restrict(
      {
        group: ['**/packages/*/src/**', '../packages/**', '../../packages/**'],
        message: 'bench imports packages by their package names.',
      },
      {
        group: ['@tradebot/*', '!@tradebot/strategy', '!@tradebot/strategy/*', '!@tradebot/market'],
        message: 'the ML score bench uses the strategy engine and the demo market only.',
      },
    ),
  },
  {
    // The Alpaca load bench runs the Alpaca adapter on core's shared Redis request limiter.
    files: ['bench/alpaca-load.ts'],
    rules: restrict(
      {
        group: ['**/packages/*/src/**', '../packages/**', '../../packages/**'],
        message: 'bench imports packages by their package names.',
      },
      {
        group: ['@tradebot/*', '!@tradebot/market', '!@tradebot/core'],
        message: 'the Alpaca load bench uses the Alpaca adapter and its limiter only.',
      },
    ),
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: {
      globals: {
        window: 'readonly',
        document: 'readonly',
        localStorage: 'readonly',
        navigator: 'readonly',
      },
    },
    rules: {
      'no-restricted-imports': 'off',
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@tradebot/trpc',
              allowTypeImports: true,
              message:
                'The browser imports the AppRouter type only from @tradebot/trpc (import type).',
            },
          ],
          patterns: [
            {
              group: ['@tradebot/*', '!@tradebot/api-contract', '!@tradebot/trpc', 'node:*'],
              message: 'The web app imports @tradebot/api-contract (and the AppRouter type) only.',
            },
          ],
        },
      ],
    },
  },
  // Type-aware rules for the browser code and the browser tests: a promise nobody awaits or
  // handles, or one passed where a void callback is expected (an onClick), hides its failure.
  ...tseslint.configs.recommendedTypeChecked.map((config) => ({
    ...config,
    files: ['apps/web/**/*.{ts,tsx}', 'e2e/**/*.ts'],
  })),
  {
    files: ['apps/web/**/*.{ts,tsx}', 'e2e/**/*.ts'],
    languageOptions: {
      parserOptions: {
        project: ['apps/web/tsconfig.json', 'e2e/tsconfig.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    files: ['apps/api/src/**/*.ts'],
    rules: restrict({
      group: ['@tradebot/worker', '@tradebot/web'],
      message: 'No app imports another app.',
    }),
  },
  {
    files: ['apps/worker/src/**/*.ts'],
    rules: restrict({
      group: ['@tradebot/api', '@tradebot/web'],
      message: 'No app imports another app.',
    }),
  },
  {
    // Queries live in packages/db's repositories (explicit select, one place to read them);
    // services orchestrate transactions ($transaction) but never touch a Prisma model.
    files: ['packages/{core,trpc,jobs,market}/src/**/*.ts', 'apps/{api,worker}/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-syntax': ['error', ...QUERIES_IN_REPOS] },
  },
  {
    // The bot reads time from the clock it is given (deps.now(), the market's clock): a bare
    // Date.now() or new Date() would trade on the wrong time in the demo market and in tests.
    files: ['packages/core/src/bot/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'Date',
          property: 'now',
          message: 'The bot reads time through deps.now() or the market clock it is given.',
        },
        ENV_ACCESS,
      ],
      // Replaces the block above's list for these files: its selectors are repeated here.
      'no-restricted-syntax': [
        'error',
        ...QUERIES_IN_REPOS,
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: 'The bot reads time through deps.now() or the market clock it is given.',
        },
      ],
    },
  },
);
