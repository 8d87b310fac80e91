import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { restRoutes } from '../src/rest/routes.js';
import { nastyBody, nastyPathParam, rawBodies } from './fuzz-inputs.js';
import {
  CALLERS,
  json,
  keysOf,
  procedureFor,
  randomIp,
  RUNS,
  send,
  useFuzzApi,
  type Caller,
} from './fuzz-harness.js';
import { signupBody } from './harness.js';

/** Every REST path, with malformed bodies and path parameters (fuzz-harness.ts). */
useFuzzApi();

describe('every REST path survives malformed input', () => {
  it.each(restRoutes.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s',
    async (_name, route) => {
      const procedure = 'procedure' in route ? procedureFor(route.procedure) : undefined;
      const keys = keysOf(procedure?._def.inputs ?? []);
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
