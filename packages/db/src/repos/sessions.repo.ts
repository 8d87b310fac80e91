import type { Db } from '../client.js';

export interface NewSession {
  /** SHA-256 of the token. */
  id: string;
  userId: number;
  kind: 'full' | 'temporary';
  purpose: string | null;
  expiresAt: Date;
  /** Creation time from the caller's clock (idle expiry counts from it). */
  createdAt: Date;
}

export async function createSession(db: Db, session: NewSession) {
  await db.session.create({
    data: { ...session, lastUsedAt: session.createdAt },
    select: { id: true },
  });
}

/** A session that has not been revoked, with what authorization needs of its user. */
export function findSession(db: Db, id: string) {
  return db.session.findFirst({
    where: { id, revokedAt: null },
    select: {
      userId: true,
      kind: true,
      purpose: true,
      lastUsedAt: true,
      expiresAt: true,
      user: { select: { username: true, isAdmin: true, isOnboarded: true } },
    },
  });
}

export async function touchSession(db: Db, id: string, at: Date) {
  await db.session.updateMany({ where: { id }, data: { lastUsedAt: at } });
}

export async function revokeSession(db: Db, id: string) {
  await db.session.updateMany({ where: { id, revokedAt: null }, data: { revokedAt: new Date() } });
}

export async function revokeUserSessions(db: Db, userId: number) {
  await db.session.updateMany({
    where: { userId, revokedAt: null },
    data: { revokedAt: new Date() },
  });
}

export async function deleteExpiredSessions(db: Db, before: Date) {
  const { count } = await db.session.deleteMany({ where: { expiresAt: { lt: before } } });
  return count;
}
