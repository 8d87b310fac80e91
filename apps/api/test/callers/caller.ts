import { server } from '@tradebot/api-contract';
import { appRouter, createCallerFactory } from '@tradebot/trpc';
import { getErrorShape, getTRPCErrorFromUnknown, type TRPC_ERROR_CODE_KEY } from '@trpc/server';
import { afterAll, beforeAll, expect } from 'vitest';
import { signUpAndLogIn, startTestApi, type TestApi } from '../harness.js';
import { demoListings } from '../list-setup.js';

const createCaller = createCallerFactory(appRouter);

export type Caller = ReturnType<typeof createCaller>;

/**
 * The app router called in-process through `createCaller` (no HTTP, no REST shim), on the API's
 * real services, PostgreSQL and Redis; as `token`'s user, or anonymously without one.
 */
export async function callerFor(api: TestApi, token?: string): Promise<Caller> {
  return createCaller({
    services: api.runtime.services,
    session: token ? await api.runtime.sessions.authenticate(token) : null,
    tokenSent: token !== undefined,
    meta: { ip: '10.0.9.1', userAgent: 'caller-test' },
    requestId: 'caller-test',
  });
}

export interface CallerSuite {
  api: TestApi;
  user: { userId: number; call: Caller };
  admin: { userId: number; call: Caller };
  anonymous: Caller;
}

/**
 * Starts the API once for a test file, on an emptied database: a user, an admin and an
 * anonymous caller. Read the fields inside tests (they are filled in beforeAll). With
 * `demoMarket`, the user (not the admin, who stays on Alpaca without keys) has chosen the demo
 * market, whose listings DMA…DME (list-setup.ts) are stored.
 */
export function callerSuite(prefix: string, options: { demoMarket?: boolean } = {}): CallerSuite {
  const suite = {} as CallerSuite;
  beforeAll(async () => {
    suite.api = await startTestApi();
    await suite.api.reset();
    const user = await signUpAndLogIn(suite.api, `${prefix}user`, '10.0.9.2');
    if (options.demoMarket === true) {
      // Through the router, before the user's caller reads the session (which holds the market).
      await (await callerFor(suite.api, user.token)).account.useDemoMarket();
      await demoListings(suite.api);
    }
    const admin = await signUpAndLogIn(suite.api, `${prefix}admin`, '10.0.9.3');
    await suite.api.runtime.db.user.update({
      where: { id: admin.userId },
      data: { isAdmin: true },
    });
    suite.user = { userId: user.userId, call: await callerFor(suite.api, user.token) };
    suite.admin = { userId: admin.userId, call: await callerFor(suite.api, admin.token) };
    suite.anonymous = await callerFor(suite.api);
  });
  afterAll(async () => suite.api.close());
  return suite;
}

/** A call refused for want of a session, with the spec's message. */
export async function expectUnauthenticated(call: Promise<unknown>) {
  await expect(call).rejects.toMatchObject({
    code: 'UNAUTHORIZED',
    message: server.notAuthenticated,
  });
}

/** A call refused to a signed-in user who is not an admin. */
export async function expectForbidden(call: Promise<unknown>) {
  await expect(call).rejects.toMatchObject({ code: 'FORBIDDEN', message: server.forbidden });
}

/**
 * A call refused with `message` as a client reads it (the router's error formatter applied, as
 * the HTTP adapter applies it: input errors as the schemas' sentences, no stack), and `code`.
 */
export async function expectRefused(
  call: Promise<unknown>,
  message: string,
  code: TRPC_ERROR_CODE_KEY = 'BAD_REQUEST',
) {
  const error = await call.then(
    () => expect.fail(`the call was not refused (${code})`),
    (cause: unknown) => getTRPCErrorFromUnknown(cause),
  );
  const shape = getErrorShape({
    config: appRouter._def._config,
    error,
    type: 'unknown',
    path: undefined,
    input: undefined,
    ctx: undefined,
  });
  expect(shape).toEqual({
    code: expect.any(Number),
    message,
    data: { code, httpStatus: expect.any(Number), path: undefined, retryAfter: null },
  });
  expect(shape.data.httpStatus).toBeGreaterThanOrEqual(400);
  expect(shape.data.httpStatus).toBeLessThan(500);
}
