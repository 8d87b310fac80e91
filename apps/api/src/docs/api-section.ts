import { REST_SCREENS, type RestRoute } from '../rest/shim.js';

/** The README's API list sits between these two lines; `npm run docs:api` rewrites it. */
export const API_START = '<!-- api-list:start (npm run docs:api writes this list) -->';
export const API_END = '<!-- api-list:end -->';

/** A route's path as a reader writes it: `{symbol}` for a path parameter. */
const readablePath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

/** A markdown table laid out as prettier lays it out, so `prettier --check` leaves it alone. */
function table(header: readonly string[], rows: readonly (readonly string[])[]): string[] {
  const widths = header.map((cell, column) =>
    Math.max(3, cell.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: readonly string[]) =>
    `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)];
}

/** The API list, one table per screen: method, path, procedure, and whether the spec documents it. */
export function renderApiList(routes: readonly RestRoute[]): string {
  const sections = REST_SCREENS.flatMap((screen) => {
    const rows = routes.filter((route) => route.screen === screen);
    if (rows.length === 0) return [];
    return [
      `#### ${screen}`,
      '',
      ...table(
        ['Method', 'Path', 'tRPC procedure', 'Documented'],
        rows.map((route) => [
          route.method,
          `\`${readablePath(route.path)}\``,
          'procedure' in route ? `\`${route.procedure}\`` : 'none',
          route.source === 'spec' ? 'yes' : 'ours',
        ]),
      ),
      '',
    ];
  });
  return sections.join('\n').trimEnd();
}

/** The README with its API list replaced; throws when the markers are missing. */
export function withApiList(readme: string, routes: readonly RestRoute[]): string {
  const start = readme.indexOf(API_START);
  const end = readme.indexOf(API_END);
  if (start < 0 || end < start)
    throw new Error(`README.md lacks the lines ${API_START} … ${API_END}`);
  return `${readme.slice(0, start + API_START.length)}\n\n${renderApiList(routes)}\n\n${readme.slice(end)}`;
}
