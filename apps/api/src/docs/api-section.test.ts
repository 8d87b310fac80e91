import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { restRoutes } from '../rest/routes.js';
import { REST_SCREENS } from '../rest/shim.js';
import { API_END, API_START, renderApiList, withApiList } from './api-section.js';

const readme = readFileSync(
  resolve(dirname(fileURLToPath(import.meta.url)), '../../../../README.md'),
  'utf8',
);

describe("the README's API list", () => {
  it('matches the route table (run `npm run docs:api` when this fails)', () => {
    expect(withApiList(readme, restRoutes)).toBe(readme);
  });

  it('lists every route once, under its screen, marked by its source', () => {
    const rows = renderApiList(restRoutes)
      .split('\n')
      .filter((line) => /^\| (GET|POST|DELETE) /.test(line))
      .map((line) =>
        line
          .split('|')
          .slice(1, -1)
          .map((cell) => cell.trim()),
      );
    expect(rows).toEqual(
      REST_SCREENS.flatMap((screen) =>
        restRoutes
          .filter((route) => route.screen === screen)
          .map((route) => [
            route.method,
            `\`${route.path.replace(/:(\w+)/g, '{$1}')}\``,
            'procedure' in route ? `\`${route.procedure}\`` : 'none',
            route.source === 'spec' ? 'yes' : 'ours',
          ]),
      ),
    );
    expect(new Set(restRoutes.map((route) => `${route.method} ${route.path}`)).size).toBe(
      restRoutes.length,
    );
  });

  it('refuses a README without the markers', () => {
    expect(() => withApiList('# Tradebot\n', restRoutes)).toThrow(API_START);
    expect(withApiList(`a\n${API_START}\nold\n${API_END}\nb`, [])).toBe(
      `a\n${API_START}\n\n\n\n${API_END}\nb`,
    );
  });
});
