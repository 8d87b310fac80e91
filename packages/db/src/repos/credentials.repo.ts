import type { Db } from '../client.js';

type Environment = 'paper' | 'live';

export interface CredentialUpsert {
  environment: Environment;
  keyEnc: string;
  secretEnc: string;
  keyMask: string;
  secretMask: string;
}

/** Masks per mode; reading them never touches the encrypted values. */
export async function listCredentialMasks(db: Db, userId: number) {
  const rows = await db.brokerCredential.findMany({
    where: { userId },
    select: { environment: true, keyMask: true, secretMask: true },
  });
  const masks: Partial<Record<Environment, { keyMask: string; secretMask: string }>> = {};
  for (const row of rows)
    masks[row.environment] = { keyMask: row.keyMask, secretMask: row.secretMask };
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
        ...(change.markOnboarded ? { isOnboarded: true } : {}),
      },
      select: { id: true },
    }),
  ]);
}
