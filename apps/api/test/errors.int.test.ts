import { Writable } from 'node:stream';
import { server } from '@tradebot/api-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { signUpAndLogIn, startTestApi, type TestApi } from './harness.js';
import { INTERNALS } from './fuzz-inputs.js';

/**
 * A server fault (here a service that fails with a driver-like error) reaches the caller as
 * one sentence with a reference; the log holds the whole error under that same reference.
 */
let api: TestApi;
let app: Awaited<ReturnType<typeof buildApp>>;
let token: string;
const logLines: string[] = [];
const FAULT =
  'Invalid `prisma.user.findUnique()` invocation in /work/main/packages/db/src/repos/users.ts:12:3 ' +
  'ERROR: invalid byte sequence for encoding "UTF8": 0x00 (SQLSTATE 22021)';

beforeAll(async () => {
  api = await startTestApi();
  await api.reset();
  ({ token } = await signUpAndLogIn(api, 'faulty'));
  const failing = async () => {
    throw new Error(FAULT);
  };
  app = await buildApp({
    services: {
      ...api.runtime.services,
      account: { ...api.runtime.services.account, getSettings: failing },
    },
    sessions: api.runtime.sessions,
    subscriber: api.runtime.subscriber,
    namespace: api.runtime.namespace,
    logger: {
      level: 'error',
      stream: new Writable({
        write(chunk, _encoding, done) {
          logLines.push(String(chunk));
          done();
        },
      }),
    },
  });
});
afterAll(async () => {
  await app.close();
  await api.close();
});

describe('a server fault', () => {
  it.each([
    ['REST', '/api/account-settings'],
    ['tRPC', '/trpc/account.settings'],
  ])('over %s says only that it happened, with the id it was logged under', async (_, url) => {
    const response = await app.inject({ url, headers: { authorization: `Bearer ${token}` } });
    expect(response.statusCode).toBe(500);
    const requestId = response.headers['x-request-id'] as string;
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    const body = response.json<{ detail?: string; error?: { message: string } }>();
    expect(body.detail ?? body.error?.message).toBe(server.internalError(requestId));
    expect(response.body).not.toMatch(INTERNALS);
    const logged = logLines
      .map((line) => JSON.parse(line))
      .find((line) => line.reqId === requestId);
    expect(logged?.err?.message).toContain('SQLSTATE 22021');
  });
});
