// Compiles the API and the worker ahead of time: one ES module per program (apps/<app>/dist/main.js
// and the operators' command lines beside it) with the workspace packages inlined and every other
// package left to node_modules, so production runs plain `node` without transpiling TypeScript at
// start. Source maps are written beside the output for readable stack traces
// (`node --enable-source-maps`); the API never serves them.
// Usage: node scripts/build-server.mjs [api] [worker]  (both when none is named).
import { build } from 'esbuild';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const apps = process.argv.slice(2);
const chosen = apps.length > 0 ? apps : ['api', 'worker'];

/** Bare imports outside the workspace stay imports: node resolves them from node_modules. */
const keepPackagesExternal = {
  name: 'keep-packages-external',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@tradebot/') ? undefined : { path: args.path, external: true },
    );
  },
};

/** Each app's programs: its server, and the command lines `npm run <name>` runs. */
const PROGRAMS = {
  api: ['main', 'create-admin.cli', 'rotate-encryption-key.cli'],
  worker: ['main', 'import-market-data.cli'],
};

/**
 * Each file is written beside its place and renamed over it: a process starting from dist/ while
 * a build runs (a test, `npm run create-admin` beside `npm start`) reads the old file or the new.
 */
function replaceFile({ path, contents }) {
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, contents);
  renameSync(temporary, path);
}

const started = performance.now();
await Promise.all(
  chosen.map((app) => {
    if (!(app in PROGRAMS)) throw new Error(`Unknown app "${app}" (api, worker)`);
    return build({
      entryPoints: Object.fromEntries(
        PROGRAMS[app].map((name) => [name, resolve(root, 'apps', app, `src/${name}.ts`)]),
      ),
      outdir: resolve(root, 'apps', app, 'dist'),
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      sourcemap: true,
      plugins: [keepPackagesExternal],
      logLevel: 'warning',
      write: false,
    }).then(({ outputFiles }) => outputFiles.forEach(replaceFile));
  }),
);
console.log(`Compiled ${chosen.join(' and ')} in ${Math.round(performance.now() - started)} ms.`);
