import { appRouter, type ProcedureMeta } from '@tradebot/trpc';
import { z } from 'zod';
import type { BodyShape, InputSource } from './inputs.js';
import { REST_SCREENS, type ProcedureRoute, type RestRoute } from './shim.js';

/**
 * The OpenAPI 3.1 description of every REST path, built from the route table and the zod schemas
 * of the procedures the routes call (the same schemas that parse their input and output), so it
 * cannot drift from what the server does. Served at GET /api/openapi.json and as a page at
 * GET /api/docs (openapi-page.ts).
 */
export type JsonSchema = Record<string, unknown> & {
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
};
type Operation = Record<string, unknown>;

interface ProcedureDef {
  inputs: unknown[];
  output?: unknown;
  meta?: ProcedureMeta;
}

const ACCESS: Record<ProcedureMeta['access'], string> = {
  public: 'Anyone: no token needed.',
  user: 'A signed-in user (bearer token of a full session, after 2FA).',
  admin: "An admin's full session.",
  temporary: 'The temporary token POST /api/token (or /api/signup) answers for this 2FA step.',
};

/** Paths the server answers outside the route table, described by hand. */
const OTHER_PATHS: Record<string, Record<string, Operation>> = {
  '/api/logos/demo/{file}': {
    get: {
      operationId: 'getApiLogosDemoFile',
      tags: ['Stock Explorer'],
      summary: "A demo company's generated logo (the address the logos batch gives demo listings)",
      security: [],
      parameters: [
        {
          name: 'file',
          in: 'path',
          required: true,
          description: 'The ticker and `.svg`, e.g. `DEMA.svg`.',
          schema: { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9.-]{0,9}\\.svg$' },
        },
      ],
      responses: {
        '200': {
          description: 'The logo',
          content: { 'image/svg+xml': { schema: { type: 'string' } } },
        },
        '404': { $ref: '#/components/responses/Error' },
      },
    },
  },
};

/** Dates leave the server as ISO strings (JSON), whatever the schema holds in memory. */
function toJson(schema: unknown, io: 'input' | 'output'): JsonSchema {
  if (!(schema instanceof z.ZodType)) return {};
  const json = z.toJSONSchema(schema, {
    io,
    target: 'draft-2020-12',
    unrepresentable: 'any',
    override: ({ zodSchema, jsonSchema }) => {
      if (zodSchema._zod.def.type === 'date')
        Object.assign(jsonSchema, { type: 'string', format: 'date-time' });
    },
  }) as JsonSchema;
  delete json.$schema;
  return json;
}

/** The object an input schema describes (an optional object reads as `anyOf`), or none. */
function objectOf(
  json: JsonSchema,
): { properties: Record<string, JsonSchema>; required: string[] } | null {
  if (json.properties) return { properties: json.properties, required: json.required ?? [] };
  for (const member of json.anyOf ?? []) {
    const found = objectOf(member);
    if (found) return found;
  }
  return null;
}

const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');
const pathParams = (path: string) =>
  [...path.matchAll(/:(\w+)/g)].map((match) => match[1] as string);
const operationId = (method: string, path: string) =>
  method.toLowerCase() +
  path
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]?.toUpperCase() + word.slice(1))
    .join('');

function requestBody(shape: BodyShape, input: JsonSchema, path: string) {
  const object = objectOf(input);
  let schema: JsonSchema = input;
  if (shape !== 'fields' && shape !== 'as-sent' && 'under' in shape)
    schema = object?.properties[shape.under] ?? {};
  else if (shape !== 'fields' && shape !== 'as-sent') {
    const fields = shape.pick;
    schema = {
      type: 'object',
      properties: Object.fromEntries(
        fields.map((field) => [field, object?.properties[field] ?? {}]),
      ),
      required: (object?.required ?? []).filter((field) => fields.includes(field)),
    };
  }
  const required = shape === 'as-sent' || (objectOf(schema)?.required.length ?? 0) > 0;
  const content: Record<string, { schema: JsonSchema }> = { 'application/json': { schema } };
  // The token route takes the OAuth2 password form as the spec documents it; JSON works as well.
  if (path === '/api/token') content['application/x-www-form-urlencoded'] = { schema };
  return { required, content };
}

function parameters(route: ProcedureRoute, source: InputSource | undefined, input: JsonSchema) {
  const object = objectOf(input);
  const inPath = pathParams(route.path).map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: object?.properties[name] ?? { type: 'string' },
  }));
  const inQuery = source?.query
    ? Object.entries(object?.properties ?? {}).map(([name, schema]) => ({
        name,
        in: 'query',
        required: object?.required.includes(name) ?? false,
        schema,
      }))
    : [];
  return [...inPath, ...inQuery];
}

function procedureOperation(route: ProcedureRoute): Operation {
  const def = (appRouter._def.procedures as unknown as Record<string, { _def: ProcedureDef }>)[
    route.procedure
  ]?._def;
  const access = def?.meta?.access ?? 'user';
  const input = toJson(def?.inputs[0], 'input');
  const source = route.input?.source;
  const params = parameters(route, source, input);
  const success = route.csv
    ? {
        description: 'A CSV file (RFC 4180)',
        content: { 'text/csv': { schema: { type: 'string' } } },
      }
    : {
        description: 'OK',
        content: { 'application/json': { schema: toJson(def?.output, 'output') } },
      };
  return {
    operationId: operationId(route.method, route.path),
    tags: [route.screen],
    summary: route.procedure,
    description: `${ACCESS[access]} Calls the tRPC procedure \`${route.procedure}\`${
      route.source === 'spec'
        ? '; documented in the product specification.'
        : '; added by this app.'
    }`,
    ...(access === 'public' ? { security: [] } : {}),
    ...(params.length > 0 ? { parameters: params } : {}),
    ...(source?.body ? { requestBody: requestBody(source.body, input, route.path) } : {}),
    responses: { '200': success, '4XX': { $ref: '#/components/responses/Error' } },
  };
}

function referenceOperation(route: RestRoute & { reference: { contentType: string } }): Operation {
  const json = route.reference.contentType.startsWith('application/json');
  return {
    operationId: operationId(route.method, route.path),
    tags: [route.screen],
    summary: json ? 'This OpenAPI 3.1 document' : 'This document as a readable page',
    security: [],
    responses: {
      '200': {
        description: 'OK',
        content: {
          [route.reference.contentType.split(';')[0] as string]: {
            schema: json ? { type: 'object' } : { type: 'string' },
          },
        },
      },
    },
  };
}

export function openApiDocument(routes: readonly RestRoute[]) {
  const paths: Record<string, Record<string, Operation>> = { ...OTHER_PATHS };
  for (const route of routes) {
    const operation = 'reference' in route ? referenceOperation(route) : procedureOperation(route);
    (paths[openApiPath(route.path)] ??= {})[route.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Tradebot API',
      version: '1.0.0',
      description:
        'Sign in with POST /api/token (username and password), then POST /api/verify-2fa with the temporary token and a TOTP code; send the access token it answers as `Authorization: Bearer <token>`. Errors answer `{ "detail": "…" }` with a 4xx status.',
    },
    tags: REST_SCREENS.map((name) => ({ name })),
    security: [{ bearer: [] }],
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      responses: {
        Error: {
          description:
            'Refused: bad input (400), no or expired session (401), not allowed (403), not found (404), too many requests (429, with Retry-After)…',
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: { detail: { type: 'string' } },
                required: ['detail'],
              },
            },
          },
        },
      },
    },
  };
}

export type OpenApiDocument = ReturnType<typeof openApiDocument>;
