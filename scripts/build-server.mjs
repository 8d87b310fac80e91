// Compiles the API and the worker ahead of time: one ES module per app (apps/<app>/dist/main.js)
// with the workspace packages inlined and every other package left to node_modules, so
// production runs plain `node` without transpiling TypeScript at start. Source maps are written
// beside the output for readable stack traces (`node --enable-source-maps`); the API never serves
// them. Usage: node scripts/build-server.mjs [api] [worker]  (both when none is named).
import { build } from 'esbuild';
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

const started = performance.now();
await Promise.all(
  chosen.map((app) => {
    if (app !== 'api' && app !== 'worker') throw new Error(`Unknown app "${app}" (api, worker)`);
    return build({
      entryPoints: [resolve(root, 'apps', app, 'src/main.ts')],
      outfile: resolve(root, 'apps', app, 'dist/main.js'),
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      sourcemap: true,
      plugins: [keepPackagesExternal],
      logLevel: 'warning',
    });
  }),
);
console.log(`Compiled ${chosen.join(' and ')} in ${Math.round(performance.now() - started)} ms.`);
