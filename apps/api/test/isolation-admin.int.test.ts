import { describe, expect, it } from 'vitest';
import { adminPaths, adminProcedures } from './isolation-admin.js';
import {
  aliceState,
  expectAliceSeeded,
  expectNothingOfAlice,
  trpcCalls,
  useIsolationApi,
} from './isolation-harness.js';

/**
 * User B, who is not an admin, is refused every admin REST path and procedure (403), and gets
 * nothing of user A's data through them nor changes any. isolation.int.test.ts checks that these
 * tables and the user's cover every path and procedure.
 */
const world = useIsolationApi();
const calls = {
  ...adminPaths(
    () => world.api,
    () => world.a.userId,
  ),
  ...adminProcedures(trpcCalls(world)),
};

describe('user isolation, admin paths', () => {
  it('refuses B every admin path and procedure and changes nothing of A', async () => {
    const before = await aliceState(world);
    expectAliceSeeded(before);
    for (const [name, call] of Object.entries(calls)) {
      const reply = await call(world.b.token);
      expectNothingOfAlice(name, reply);
      expect(reply.status, name).toBe(403);
    }
    expect(await aliceState(world)).toEqual(before);
  });
});
