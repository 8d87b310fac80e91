import { ZSignupInput } from '@tradebot/api-contract';
import { appRouter } from '@tradebot/trpc';
import fc from 'fast-check';
import { afterAll, beforeAll, expect } from 'vitest';
import { INTERNALS, schemaKeys } from './fuzz-inputs.js';
import { signupBody, startTestApi, type TestApi } from './harness.js';

/**
 * The fuzz tests' shared part (fuzz-rest, fuzz-trpc): malformed input of every kind to every
 * REST path and every tRPC procedure, read from the route table and the router, so routes added
 * later are fuzzed without touching the tests. Nothing may answer 5xx, and no answer may carry a
 * stack, a source path, SQL or a driver code.
 */
let api: TestApi;
export const RUNS = Number(process.env.FUZZ_RUNS ?? 40);
const statuses = new Map<number, number>();
export type Caller = 'none' | 'garbage' | 'user' | 'admin';
export const CALLERS: Caller[] = ['none', 'garbage', 'user', 'admin'];

/** Starts the API for the calling test file and prints the statuses it got at the end. */
export function useFuzzApi() {
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
}

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

export const randomIp = fc.ipV4();

export async function send(request: {
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

export const json = (value: unknown) => ({
  type: 'application/json',
  payload: JSON.stringify(value),
});
export const procedures = Object.entries(
  appRouter._def.procedures as unknown as Record<
    string,
    { _def: { type: string; inputs: unknown[] } }
  >,
);
export const keysOf = (inputs: unknown[]) => [...schemaKeys(inputs[0])];
export const procedureFor = (path: string) => procedures.find(([name]) => name === path)?.[1];
