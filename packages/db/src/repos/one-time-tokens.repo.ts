import type { Db } from '../client.js';

/** One-time tokens (password reset, email verification), stored as hashes. */

/** A new token of a kind replaces the user's earlier unused ones. */
export async function createOneTimeToken(
  db: Db,
  token: {
    userId: number;
    kind: 'password_reset' | 'email_verify';
    tokenHash: string;
    expiresAt: Date;
  },
) {
  await db.$transaction([
    db.oneTimeToken.updateMany({
      where: { userId: token.userId, kind: token.kind, usedAt: null },
      data: { usedAt: new Date() },
    }),
    db.oneTimeToken.create({ data: token, select: { id: true } }),
  ]);
}

/** Spends a token once, atomically; returns its user id, or null when unknown, used or expired. */
export async function consumeOneTimeToken(
  db: Db,
  tokenHash: string,
  kind: 'password_reset' | 'email_verify',
  now: Date,
) {
  const rows = await db.$queryRaw<{ user_id: number }[]>`
    UPDATE "one_time_tokens" SET "used_at" = ${now}
    WHERE "token_hash" = ${tokenHash} AND "kind" = ${kind}::"OneTimeTokenKind" AND "used_at" IS NULL AND "expires_at" > ${now}
    RETURNING "user_id"`;
  return rows[0]?.user_id ?? null;
}
