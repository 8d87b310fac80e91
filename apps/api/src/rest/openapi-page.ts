import { openApiDocument, type JsonSchema, type OpenApiDocument } from './openapi.js';
import type { ReferenceRoute } from './shim.js';

/**
 * GET /api/docs: the OpenAPI document as one self-contained page (no script, no outside
 * stylesheet or font), rendered on the server from the same document /api/openapi.json serves.
 */
const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** A schema's type in a few words: `string`, `integer | null`, `array of object`, `"paper" | "live"`. */
function typeOf(schema: JsonSchema | undefined): string {
  if (!schema || Object.keys(schema).length === 0) return 'any';
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.anyOf) return schema.anyOf.map(typeOf).join(' | ');
  if (schema.type === 'array') return `array of ${typeOf(schema.items as JsonSchema | undefined)}`;
  const type = Array.isArray(schema.type) ? schema.type.join(' | ') : text(schema.type) || 'any';
  return text(schema.format) ? `${type} (${text(schema.format)})` : type;
}

/** The fields of an object schema (or of the items of an array of objects), one row each. */
function fieldsTable(schema: JsonSchema | undefined): string {
  const object = schema?.type === 'array' ? (schema.items as JsonSchema | undefined) : schema;
  const properties = Object.entries(object?.properties ?? {});
  if (properties.length === 0) return '';
  const described = properties.some(([, field]) => text(field.description));
  const rows = properties.map(([name, field]) => {
    const required = object?.required?.includes(name) ? ' <em>required</em>' : '';
    const note = described ? `<td>${escape(text(field.description))}</td>` : '';
    return `<tr><td><code>${escape(name)}</code>${required}</td><td>${escape(typeOf(field))}</td>${note}</tr>`;
  });
  return `<table><thead><tr><th>Field</th><th>Type</th>${described ? '<th>About</th>' : ''}</tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

/** Escaped text with its `backtick` spans as code. */
const prose = (value: string) =>
  escape(value).replace(/`([^`]+)`/g, (_match, code: string) => `<code>${code}</code>`);

function schemaBlock(title: string, schema: JsonSchema | undefined): string {
  if (!schema) return '';
  return `<h4>${escape(title)}${schema.type === 'array' ? ' (a list)' : ''}</h4>${fieldsTable(schema)}<details><summary>JSON Schema</summary><pre>${escape(JSON.stringify(schema, null, 2))}</pre></details>`;
}

type Operation = {
  operationId: string;
  tags: string[];
  summary?: string;
  description?: string;
  parameters?: { name: string; in: string; required: boolean; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }>;
};

function operationSection(method: string, path: string, op: Operation): string {
  const params = (op.parameters ?? []).map(
    (p) =>
      `<tr><td><code>${escape(p.name)}</code>${p.required ? ' <em>required</em>' : ''}</td><td>${p.in}</td><td>${escape(typeOf(p.schema))}</td></tr>`,
  );
  const body = op.requestBody && Object.values(op.requestBody.content)[0]?.schema;
  const [type, success] = Object.entries(op.responses['200']?.content ?? {})[0] ?? [];
  return `<section id="${escape(op.operationId)}">
<h3><span class="method ${method}">${method.toUpperCase()}</span> <code>${escape(path)}</code></h3>
<p>${prose(op.description ?? op.summary ?? '')}</p>
${params.length ? `<h4>Parameters</h4><table><thead><tr><th>Name</th><th>In</th><th>Type</th></tr></thead><tbody>${params.join('')}</tbody></table>` : ''}
${schemaBlock('Request body (JSON)', body)}
${type === 'application/json' ? schemaBlock('Answer (200, JSON)', success?.schema) : `<h4>Answer (200)</h4><p>${escape(type ?? '')}</p>`}
</section>`;
}

export function renderReferencePage(doc: OpenApiDocument): string {
  const byTag = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(methods as Record<string, Operation>)) {
      const tag = op.tags[0] ?? 'Other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), operationSection(method, path, op)]);
    }
  const tags = doc.tags.map((tag) => tag.name).filter((name) => byTag.has(name));
  const slug = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(doc.info.title)} reference</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;margin:0 auto;max-width:60rem;padding:1rem 1.5rem;color:#1b1f24}
code,pre{font:13px ui-monospace,monospace}pre{background:#f4f5f7;padding:.75rem;overflow:auto}
section{border-top:1px solid #dde1e6;padding:.5rem 0}h3{margin:.5rem 0}h4{margin:.75rem 0 .25rem}
table{border-collapse:collapse;margin:.25rem 0}td,th{border:1px solid #dde1e6;padding:.2rem .5rem;text-align:left;vertical-align:top}
.method{display:inline-block;min-width:4.5rem;font-size:13px;color:#fff;border-radius:4px;text-align:center;padding:0 .3rem}
.get{background:#1864ab}.post{background:#2b8a3e}.delete{background:#c92a2a}em{color:#c92a2a;font-size:12px}
</style></head><body>
<h1>${escape(doc.info.title)} ${escape(doc.info.version)}</h1>
<p>${prose(doc.info.description)}</p>
<p>The machine-readable form: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI ${escape(doc.openapi)}).</p>
<nav><ul>${tags.map((name) => `<li><a href="#${slug(name)}">${escape(name)}</a></li>`).join('')}</ul></nav>
${tags.map((name) => `<h2 id="${slug(name)}">${escape(name)}</h2>\n${(byTag.get(name) ?? []).join('\n')}`).join('\n')}
</body></html>
`;
}

export const openApiJson: ReferenceRoute['reference'] = {
  contentType: 'application/json; charset=utf-8',
  render: (routes) => JSON.stringify(openApiDocument(routes)),
};

export const apiReferencePage: ReferenceRoute['reference'] = {
  contentType: 'text/html; charset=utf-8',
  render: (routes) => renderReferencePage(openApiDocument(routes)),
};
