import type { z } from 'zod';

/** The README's settings table lies between these lines. */
export const SETTINGS_START = '<!-- settings:start -->';
export const SETTINGS_END = '<!-- settings:end -->';

export interface SettingsRow {
  name: string;
  /** The processes that read it, as the "Read by" cell names them ("API", "worker"). */
  readBy: string[];
  /** The "Default" cell without its backticks ("unset" for an optional setting). */
  defaultText: string;
}

/** The rows of the README's settings table: `| \`NAME\` | API, worker | \`default\` | … |`. */
export function settingsRows(readme: string): SettingsRow[] {
  const start = readme.indexOf(SETTINGS_START);
  const end = readme.indexOf(SETTINGS_END);
  if (start < 0 || end < start)
    throw new Error(`README.md lacks ${SETTINGS_START} … ${SETTINGS_END}`);
  return readme
    .slice(start, end)
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => {
      const [name = '', readBy = '', defaultText = ''] = line
        .split('|')
        .slice(1)
        .map((cell) => cell.trim());
      return {
        name: name.replace(/`/g, ''),
        readBy: readBy.split(',').map((who) => who.trim()),
        defaultText: defaultText.replace(/^`|`$/g, ''),
      };
    });
}

/** What the table should show as a setting's default: its schema's default, or "unset". */
function expectedDefault(schema: z.ZodType): string {
  const parsed = schema.safeParse(undefined);
  if (!parsed.success || parsed.data === undefined) return 'unset';
  const value: unknown = parsed.data;
  if (Array.isArray(value)) return value.join(',');
  return typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
}

/**
 * How the README's table differs from an app's settings schema: a setting the app reads and the
 * table lacks or marks for others, a row marked for the app that it does not read, a wrong
 * default. `pathDefaults` names settings whose default is a machine path (shown relative).
 */
export function settingsTableProblems(
  shape: z.ZodRawShape,
  app: 'API' | 'worker',
  rows: readonly SettingsRow[],
  pathDefaults: readonly string[] = [],
): string[] {
  const problems: string[] = [];
  for (const [name, schema] of Object.entries(shape)) {
    const row = rows.find((candidate) => candidate.name === name);
    if (!row) problems.push(`${name}: missing from the table`);
    else if (!row.readBy.includes(app)) problems.push(`${name}: not marked as read by the ${app}`);
    else if (
      !pathDefaults.includes(name) &&
      row.defaultText !== expectedDefault(schema as z.ZodType)
    )
      problems.push(
        `${name}: default ${row.defaultText}, the schema's is ${expectedDefault(schema as z.ZodType)}`,
      );
  }
  for (const row of rows) {
    if (row.readBy.includes(app) && !(row.name in shape))
      problems.push(`${row.name}: marked as read by the ${app}, which has no such setting`);
    if (!row.readBy.every((who) => who === 'API' || who === 'worker'))
      problems.push(`${row.name}: "Read by" must list API and/or worker`);
  }
  return problems;
}
