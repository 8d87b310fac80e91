import type { Db } from '../client.js';

type Environment = 'paper' | 'live';

export interface CredentialUpsert {
  environment: Environment;
  keyEnc: string;
  secretEnc: string;
  keyMask: string;
  secretMask: string;
}

const LIST_MASKS = {
  name: 'broker_credentials.masks',
  text: `SELECT environment::text AS environment, key_mask, secret_mask
    FROM broker_credentials WHERE user_id = $1`,
};

/**
 * Masks per mode; reading them never touches the encrypted values. Every account-settings read
 * runs this, so, like the session read, it is a named statement on node-postgres directly.
 */
export async function listCredentialMasks(db: Db, userId: number) {
  const { rows } = await db.pool.query<{
    environment: Environment;
    key_mask: string;
    secret_mask: string;
  }>({ ...LIST_MASKS, values: [userId] });
  const masks: Partial<Record<Environment, { keyMask: string; secretMask: string }>> = {};
  for (const row of rows)
    masks[row.environment] = { keyMask: row.key_mask, secretMask: row.secret_mask };
  return masks;
}

export function findEncryptedCredential(db: Db, userId: number, environment: Environment) {
  return db.brokerCredential.findUnique({
    where: { userId_environment: { userId, environment } },
    select: { keyEnc: true, secretEnc: true },
  });
}

/** One account-settings save, all or nothing: pairs set or cleared, mode, onboarding. */
export async function saveAccountSettings(
  db: Db,
  userId: number,
  change: {
    environment: Environment;
    upserts: CredentialUpsert[];
    deletes: Environment[];
    markOnboarded: boolean;
  },
) {
  await db.$transaction([
    ...change.upserts.map(({ environment, ...values }) =>
      db.brokerCredential.upsert({
        where: { userId_environment: { userId, environment } },
        create: { userId, environment, ...values },
        update: values,
        select: { id: true },
      }),
    ),
    db.brokerCredential.deleteMany({ where: { userId, environment: { in: change.deletes } } }),
    db.user.update({
      where: { id: userId },
      data: {
        alpacaEnvironment: change.environment,
        // Saved keys mean the user trades on Alpaca.
        market: 'alpaca',
        ...(change.markOnboarded ? { isOnboarded: true } : {}),
      },
      select: { id: true },
    }),
  ]);
}

/**
 * "Use the demo market": the user trades on the demo market and the simulated broker and is
 * onboarded. Saved keys, if any, stay (saving keys again switches back to Alpaca).
 */
export async function chooseDemoMarket(db: Db, userId: number) {
  await db.user.update({
    where: { id: userId },
    data: { market: 'demo', isOnboarded: true },
    select: { id: true },
  });
}
