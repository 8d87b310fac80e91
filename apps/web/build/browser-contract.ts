import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';

/**
 * `@tradebot/api-contract` re-exports the server's tRPC init (`initTRPC...create()`), which
 * throws "You're trying to use @trpc/server in a non-server environment" when it runs in a
 * browser, and the package is not marked side-effect free, so the bundler keeps it even when
 * only messages and schemas are used. For the browser we therefore resolve the package to its
 * own index minus the server-only modules. Types still come from the real package (TypeScript
 * does not see this plugin), and a value missing here fails the build, not the page.
 */
const SERVER_ONLY = ['./trpc.js', './router.js', './services.js'];
const VIRTUAL_ID = '\0tradebot-api-contract-browser';

export function browserContract(): Plugin {
  const require = createRequire(import.meta.url);
  const contractDir = dirname(require.resolve('@tradebot/api-contract'));
  return {
    name: 'tradebot-browser-contract',
    enforce: 'pre',
    resolveId(source) {
      return source === '@tradebot/api-contract' ? { id: VIRTUAL_ID, moduleSideEffects: false } : null;
    },
    load(id) {
      // Contract modules only declare schemas and constants: unused ones may be dropped (zod).
      if (id.startsWith(contractDir)) return { code: readFileSync(id, 'utf8'), moduleSideEffects: false };
      if (id !== VIRTUAL_ID) return null;
      return readFileSync(resolve(contractDir, 'index.ts'), 'utf8')
        .split('\n')
        .filter((line) => !SERVER_ONLY.some((path) => line.includes(`'${path}'`)))
        .map((line) =>
          line.replace(/'(\.\/[^']+)\.js'/, (_m, path: string) => `'${resolve(contractDir, `${path}.ts`)}'`),
        )
        .join('\n');
    },
  };
}
