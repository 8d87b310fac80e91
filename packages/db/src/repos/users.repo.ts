import type { Db } from '../client.js';

/** Public profile: never the password hash or the encrypted TOTP secret. */
const profile = {
  id: true,
  username: true,
  email: true,
  country: true,
  phoneNumber: true,
  isVerified: true,
  isAdmin: true,
  isOnboarded: true,
  alpacaEnvironment: true,
  totpSecretEnc: true,
} as const;

const toProfile = <T extends { totpSecretEnc: string | null }>({ totpSecretEnc, ...rest }: T) => ({
  ...rest,
  has2fa: totpSecretEnc !== null,
});

export interface NewUser {
  username: string;
  email: string;
  passwordHash: string;
  country: string;
  phoneNumber: string | null;
  tosAcceptedAt: Date;
  /** Null creates the account without a subscription (an admin from the command line). */
  trialEndsAt: Date | null;
  totpSecretEnc: string | null;
}

/** Creates the user and, given a trial end, the trial subscription with it; returns the new id. */
export async function createUser(db: Db, user: NewUser): Promise<number> {
  const { trialEndsAt, ...fields } = user;
  const created = await db.user.create({
    data: {
      ...fields,
      subscription: trialEndsAt
        ? { create: { plan: 'trial', status: 'trialing', trialEndsAt } }
        : undefined,
    },
    select: { id: true },
  });
  return created.id;
}

export function findLoginByUsername(db: Db, username: string) {
  return db.user.findUnique({
    where: { username },
    select: { id: true, passwordHash: true, totpSecretEnc: true, isOnboarded: true, isAdmin: true },
  });
}

export async function findById(db: Db, id: number) {
  const user = await db.user.findUnique({ where: { id }, select: profile });
  return user ? toProfile(user) : null;
}

export async function findByEmail(db: Db, email: string) {
  const user = await db.user.findUnique({ where: { email }, select: profile });
  return user ? toProfile(user) : null;
}

export async function findTotpSecret(db: Db, id: number): Promise<string | null> {
  const user = await db.user.findUnique({ where: { id }, select: { totpSecretEnc: true } });
  return user?.totpSecretEnc ?? null;
}

export async function usernameOrEmailTaken(
  db: Db,
  username: string,
  email: string,
): Promise<'username' | 'email' | null> {
  const found = await db.user.findFirst({
    where: { OR: [{ username }, { email }] },
    select: { username: true },
  });
  if (!found) return null;
  return found.username === username ? 'username' : 'email';
}

/** Sets or clears 2FA; a new secret starts with no used time step. */
export async function setTotpSecret(db: Db, id: number, totpSecretEnc: string | null) {
  await db.user.update({
    where: { id },
    data: { totpSecretEnc, totpLastStep: null },
    select: { id: true },
  });
}

/**
 * Records a TOTP time step as used, atomically: true only if it is later than the last one
 * used, so a code can never be accepted twice (RFC 6238 §5.2).
 */
export async function consumeTotpStep(db: Db, id: number, step: bigint): Promise<boolean> {
  const updated = await db.$executeRaw`
    UPDATE "users" SET "totp_last_step" = ${step}
    WHERE "id" = ${id} AND ("totp_last_step" IS NULL OR "totp_last_step" < ${step})`;
  return updated === 1;
}

/** Only for verifying a password the user typed; the hash never leaves the service. */
export async function findPasswordHash(db: Db, id: number): Promise<string | null> {
  const user = await db.user.findUnique({ where: { id }, select: { passwordHash: true } });
  return user?.passwordHash ?? null;
}

export async function setPasswordHash(db: Db, id: number, passwordHash: string) {
  await db.user.update({ where: { id }, data: { passwordHash }, select: { id: true } });
}

export async function markVerified(db: Db, id: number) {
  await db.user.update({ where: { id }, data: { isVerified: true }, select: { id: true } });
}

export async function setAdmin(db: Db, id: number, isAdmin: boolean) {
  await db.user.update({ where: { id }, data: { isAdmin }, select: { id: true } });
}

export async function listForAdmin(db: Db) {
  const users = await db.user.findMany({
    orderBy: { id: 'asc' },
    select: {
      id: true,
      username: true,
      email: true,
      country: true,
      phoneNumber: true,
      isVerified: true,
      isAdmin: true,
      totpSecretEnc: true,
      subscription: { select: { plan: true, status: true } },
    },
  });
  return users.map(({ subscription, ...user }) => ({
    ...toProfile(user),
    plan: subscription?.plan ?? null,
    subscriptionStatus: subscription?.status ?? null,
  }));
}

export async function deleteUser(db: Db, id: number) {
  await db.user.delete({ where: { id }, select: { id: true } });
}
