import { Validator } from '@seriousme/openapi-schema-validator';
import { ZSignupInput, ZLoginOutput } from '@tradebot/api-contract';
import { appRouter } from '@tradebot/trpc';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restRoutes } from '../src/rest/routes.js';
import { startTestApi, TEST_KEY, type TestApi } from './harness.js';

/**
 * GET /api/openapi.json describes every REST path the server answers, and only those, from the
 * zod schemas the routes parse with; GET /api/docs shows it as a self-contained page.
 */
let api: TestApi;
const served: string[] = [];
type Doc = {
  openapi: string;
  paths: Record<string, Record<string, Record<string, unknown>>>;
};
let doc: Doc;

beforeAll(async () => {
  api = await startTestApi({
    onRoute: (route) => {
      for (const method of [route.method].flat()) served.push(`${method} ${route.url}`);
    },
  });
  const reply = await api.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(reply.statusCode).toBe(200);
  expect(reply.headers['content-type']).toMatch(/^application\/json/);
  doc = reply.json<Doc>();
});
afterAll(async () => api.close());

/** `/api/x/{id}` as Fastify writes it: `/api/x/:id`. */
const fastifyPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');
const described = () =>
  Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => `${method.toUpperCase()} ${fastifyPath(path)}`),
  );

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document, public, with no secret of the deployment', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const result = await new Validator().validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    const text = JSON.stringify(doc);
    expect(text).not.toContain(TEST_KEY);
    expect(text).not.toMatch(/postgresql:|redis:\/\//);
  });

  it('describes every path the server answers, and every path it describes is answered', () => {
    const api = served.filter(
      (route) =>
        /^(GET|POST|DELETE|PUT|PATCH) \/(api\/|subscribe$)/.test(route) &&
        // The token route's refusal of every other method (405 with Allow: POST).
        !/^(GET|PUT|PATCH|DELETE) \/api\/token$/.test(route),
    );
    expect(api.length).toBeGreaterThan(90);
    expect(described().sort()).toEqual([...new Set(api)].sort());
    const table = restRoutes.map((route) => `${route.method} ${route.path}`);
    expect(described().filter((route) => !table.includes(route))).toEqual([
      'GET /api/logos/demo/:file',
    ]);
  });

  it('declares each path parameter and who may call each operation', () => {
    for (const [path, methods] of Object.entries(doc.paths))
      for (const operation of Object.values(methods)) {
        const declared = ((operation.parameters ?? []) as { name: string; in: string }[])
          .filter((parameter) => parameter.in === 'path')
          .map((parameter) => parameter.name);
        expect(declared, path).toEqual([...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]));
      }
    // Every procedure is built from a kind that says who may call it.
    const procedures = Object.entries(
      appRouter._def.procedures as unknown as Record<
        string,
        { _def: { meta?: { access?: string } } }
      >,
    );
    expect(procedures.filter(([, p]) => !p._def.meta?.access).map(([name]) => name)).toEqual([]);
    expect(doc.paths['/api/token']?.post?.security).toEqual([]);
    expect(doc.paths['/api/openapi.json']?.get?.security).toEqual([]);
    expect(doc.paths['/api/admin/users']?.get?.security).toBeUndefined();
    expect(doc.paths['/api/admin/users']?.get?.description).toMatch(/^An admin's full session/);
    expect(doc.paths['/api/verify-2fa']?.post?.description).toMatch(/temporary token/);
  });

  it('takes its shapes from the schemas the procedures parse with', () => {
    const { $schema: _in, ...signup } = z.toJSONSchema(ZSignupInput, { io: 'input' });
    const body = doc.paths['/api/signup']?.post?.requestBody as {
      content: Record<string, { schema: unknown }>;
    };
    expect(body.content['application/json']?.schema).toEqual(signup);
    const { $schema: _out, ...token } = z.toJSONSchema(ZLoginOutput, { io: 'output' });
    const login = doc.paths['/api/token']?.post?.responses as Record<
      string,
      { content: Record<string, { schema: unknown }> }
    >;
    expect(login['200']?.content['application/json']?.schema).toEqual(token);
    expect(Object.keys(login['200']?.content ?? {})).toEqual(['application/json']);
    const csv = doc.paths['/api/bot/trades.csv']?.get?.responses as typeof login;
    expect(Object.keys(csv['200']?.content ?? {})).toEqual(['text/csv']);
    // The patch of an admin's user update is the body; its id is the path's.
    const update = doc.paths['/api/admin/update-user/{id}']?.post as Record<string, unknown>;
    expect(JSON.stringify(update.requestBody)).toContain('is_admin');
    expect(JSON.stringify(update.requestBody)).not.toContain('"id"');
    const twin = doc.paths['/api/bot/twin']?.get?.parameters as { name: string; in: string }[];
    expect(twin.map((p) => `${p.in}:${p.name}`)).toEqual(['query:from', 'query:to']);
  });
});

describe('GET /api/docs', () => {
  it('shows every operation on one page that loads nothing from elsewhere', async () => {
    const reply = await api.app.inject({ method: 'GET', url: '/api/docs' });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toMatch(/^text\/html/);
    for (const [path, methods] of Object.entries(doc.paths))
      for (const method of Object.keys(methods))
        expect(reply.body).toContain(
          `${method.toUpperCase()}</span> <code>${path.replace(/&/g, '&#38;')}</code>`,
        );
    expect(reply.body).not.toMatch(/<script|<link|(src|href)="(https?:)?\/\//i);
    expect(reply.body).toContain('<code>username</code> <em>required</em>');
  });
});
