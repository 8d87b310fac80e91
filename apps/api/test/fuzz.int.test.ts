import { ZSignupInput } from '@tradebot/api-contract';
import { appRouter } from '@tradebot/trpc';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restRoutes } from '../src/rest/routes.js';
import { INTERNALS, nastyBody, nastyPathParam, rawBodies, schemaKeys } from './fuzz-inputs.js';
import { signupBody, startTestApi, type TestApi } from './harness.js';

/**
 * Malformed input of every kind to every REST path and every tRPC procedure, read from the
 * route table and the router, so routes added later are fuzzed without touching this file.
 * Nothing may answer 5xx, and no answer may carry a stack, a source path, SQL or a driver code.
 */
let api: TestApi;
const RUNS = Number(process.env.FUZZ_RUNS ?? 40);
const statuses = new Map<number, number>();
type Caller = 'none' | 'garbage' | 'user' | 'admin';
const CALLERS: Caller[] = ['none', 'garbage', 'user', 'admin'];

beforeAll(async () => {
  api = await startTestApi();
  await api.reset();
});
afterAll(async () => {
  const summary = [...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`);
  console.info(
    `fuzz: ${[...statuses.values()].reduce((a, b) => a + b, 0)} requests: ${summary.join(',')}`,
  );
  await api.close();
});

/** A fresh token per request: fuzzed calls may log out, rotate or delete what they are given. */
async function tokenFor(caller: Caller): Promise<string | undefined> {
  if (caller === 'none') return undefined;
  if (caller === 'garbage') return 'f'.repeat(43);
  const username = caller === 'admin' ? 'fuzzadmin' : 'fuzzuser';
  let user = await api.runtime.db.user.findUnique({ where: { username } });
  if (!user) {
    await api.runtime.services.auth.signup(ZSignupInput.parse(signupBody(username)), {
      ip: '10.9.9.9',
      userAgent: null,
    });
    user = await api.runtime.db.user.update({
      where: { username },
      data: { isAdmin: caller === 'admin' },
    });
  }
  return api.runtime.sessions.issueFull(user.id);
}

const randomIp = fc.ipV4();

async function send(request: {
  method: string;
  url: string;
  caller: Caller;
  ip: string;
  body?: { type: string; payload: string | Buffer };
}) {
  const token = await tokenFor(request.caller);
  const response = await api.app.inject({
    method: request.method as 'GET',
    url: request.url,
    remoteAddress: request.ip,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(request.body ? { 'content-type': request.body.type } : {}),
    },
    ...(request.body ? { payload: request.body.payload } : {}),
  });
  statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
  const context = `${request.method} ${request.url} as ${request.caller} → ${response.statusCode} ${response.body.slice(0, 300)}`;
  expect(response.statusCode, context).toBeLessThan(500);
  expect(response.body, context).not.toMatch(INTERNALS);
  return response;
}

const json = (value: unknown) => ({ type: 'application/json', payload: JSON.stringify(value) });
const procedures = Object.entries(
  appRouter._def.procedures as unknown as Record<
    string,
    { _def: { type: string; inputs: unknown[] } }
  >,
);
const keysOf = (inputs: unknown[]) => [...schemaKeys(inputs[0])];
const procedureFor = (path: string) => procedures.find(([name]) => name === path)?.[1];

describe('every REST path survives malformed input', () => {
  it.each(restRoutes.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s',
    async (_name, route) => {
      const keys = keysOf(procedureFor(route.procedure)?._def.inputs ?? []);
      const body = fc.oneof(nastyBody(keys).map(json), fc.constantFrom(...rawBodies));
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...CALLERS),
          nastyPathParam,
          body,
          randomIp,
          async (caller, param, payload, ip) => {
            const url = route.path.replace(':id', param);
            const withBody = route.method === 'GET' ? undefined : payload;
            await send({ method: route.method, url, caller, ip, body: withBody });
          },
        ),
        { numRuns: RUNS },
      );
    },
  );
});

describe('every tRPC procedure survives malformed input', () => {
  it.each(procedures)('%s', async (path, procedure) => {
    const input = nastyBody(keysOf(procedure._def.inputs));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...CALLERS), input, randomIp, async (caller, value, ip) => {
        const text = JSON.stringify(value);
        if (procedure._def.type === 'query') {
          const url = `/trpc/${path}?input=${encodeURIComponent(text)}`;
          await send({ method: 'GET', url, caller, ip });
        } else {
          await send({ method: 'POST', url: `/trpc/${path}`, caller, ip, body: json(value) });
        }
      }),
      { numRuns: RUNS },
    );
  });
});

describe('the findings that were 500s are 400s naming the field', () => {
  const cases: Array<[string, string, unknown, Caller, RegExp]> = [
    ['POST', '/api/token', { username: '\u0000', password: 'x' }, 'none', /username/],
    ['POST', '/trpc/auth.login', { username: '\u0000', password: 'x' }, 'none', /username/],
    ['POST', '/api/log-client-error', { errorId: 'a\u0000', message: 'm' }, 'none', /errorId/],
    [
      'POST',
      '/api/log-client-error',
      { errorId: 'e1', message: 'm', timestamp: '-271821-04-20T00:00:00Z' },
      'none',
      /timestamp/,
    ],
    [
      'POST',
      '/api/update-account-settings',
      { alpaca_api_key_paper: 'PKTEST\u0000' },
      'user',
      /alpaca_api_key_paper/,
    ],
    ['POST', '/api/signup', { ...signupBody('lone'), country: '\ud800' }, 'none', /country/],
    ['POST', '/api/admin/update-user/99999999999', { is_admin: true }, 'admin', /user id/],
    ['DELETE', '/api/admin/delete-user/2147483648', undefined, 'admin', /user id/],
    ['POST', '/api/admin/grant-plan/2147483648', { plan: 'basic' }, 'admin', /user id/],
    ['POST', '/trpc/admin.deleteUser', { id: 2147483648 }, 'admin', /user id/],
  ];
  it.each(cases)('%s %s', async (method, url, body, caller, field) => {
    const response = await send({
      method,
      url,
      caller,
      ip: '10.8.0.1',
      ...(body === undefined ? {} : { body: json(body) }),
    });
    expect(response.statusCode).toBe(400);
    const parsed = response.json<{ detail?: string; error?: { message: string } }>();
    expect(parsed.detail ?? parsed.error?.message).toMatch(field);
  });
});
