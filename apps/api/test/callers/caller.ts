import { server } from '@tradebot/api-contract';
import { appRouter, createCallerFactory } from '@tradebot/trpc';
import { afterAll, beforeAll, expect } from 'vitest';
import { signUpAndLogIn, startTestApi, type TestApi } from '../harness.js';

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
 * anonymous caller. Read the fields inside tests (they are filled in beforeAll).
 */
export function callerSuite(prefix: string): CallerSuite {
  const suite = {} as CallerSuite;
  beforeAll(async () => {
    suite.api = await startTestApi();
    await suite.api.reset();
    const user = await signUpAndLogIn(suite.api, `${prefix}user`, '10.0.9.2');
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
