import type { Db } from '../client.js';

export type EraseOutcome = 'erased' | 'missing' | 'last_admin';

/**
 * Erases a user and every row of theirs, in one transaction. Most tables reference `users` with
 * `ON DELETE CASCADE` (sessions, keys, lists, backtests, the bot's and the simulated broker's
 * books, notifications, alerts); the rest hold the user without a cascade and are cleared here:
 * client error reports (their foreign key only sets null, and they carry the address and token
 * prefix), the mail outbox (addressed by email, no key), and the user ids remembered by the
 * admin's imports and Alpaca universe loads (set to null: the loads themselves are shared data).
 *
 * An admin is refused ('last_admin') when no other admin would remain: the admin rows are locked
 * first, so two admins deleting themselves at once cannot both go.
 */
export async function eraseUserAccount(db: Db, userId: number): Promise<EraseOutcome> {
  return db.$transaction(async (tx) => {
    const locked = await tx.$queryRaw<{ id: number; is_admin: boolean }[]>`
      SELECT id, is_admin FROM users WHERE id = ${userId} OR is_admin ORDER BY id FOR UPDATE`;
    const self = locked.find((row) => row.id === userId);
    if (!self) return 'missing';
    if (self.is_admin && !locked.some((row) => row.is_admin && row.id !== userId))
      return 'last_admin';
    const user = await tx.user.findUniqueOrThrow({
      where: { id: userId },
      select: { email: true },
    });
    await tx.clientErrorReport.deleteMany({ where: { userId } });
    await tx.mailOutbox.deleteMany({ where: { to: { equals: user.email, mode: 'insensitive' } } });
    await tx.marketDataImport.updateMany({
      where: { requestedBy: userId },
      data: { requestedBy: null },
    });
    await tx.alpacaUniverseLoad.updateMany({
      where: { requestedBy: userId },
      data: { requestedBy: null },
    });
    await tx.alpacaUniverseLoad.updateMany({
      where: { keyUserId: userId },
      data: { keyUserId: null },
    });
    await tx.user.delete({ where: { id: userId }, select: { id: true } });
    return 'erased';
  });
}

/** Whether the user is an admin and no other admin exists (checked before any work starts). */
export async function isLastAdmin(db: Db, userId: number): Promise<boolean> {
  const admins = await db.user.findMany({ where: { isAdmin: true }, select: { id: true } });
  return admins.length === 1 && admins[0]!.id === userId;
}
