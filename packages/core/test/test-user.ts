import { createUser, type Db } from '@tradebot/db';

/** A user named `name` (email `name@example.com`, terms accepted, no keys saved). */
export function testUser(db: Db, name: string): Promise<number> {
  return createUser(db, {
    username: name,
    email: `${name}@example.com`,
    passwordHash: 'x',
    country: 'US',
    phoneNumber: null,
    tosAcceptedAt: new Date(),
    trialEndsAt: null,
    totpSecretEnc: null,
  });
}
