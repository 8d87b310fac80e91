import { AppError, server, type TAdminUpdateUserBody, type TPaidPlan } from '@tradebot/api-contract';
import {
  deleteUser,
  findById,
  listClientErrorReports,
  listForAdmin,
  listRecentMail,
  setAdmin,
  setSubscription,
  setTotpSecret,
} from '@tradebot/db';
import { aad } from '../lib/crypto.js';
import type { ServiceDeps } from './deps.js';

/** Shown instead of a user's TOTP secret: admins see whether 2FA is on, never the secret. */
export const TOTP_PRESENT = 'enabled';

export function adminService(deps: ServiceDeps) {
  const { db, cipher, reservedUsernames } = deps;
  const isExempt = (username: string) => reservedUsernames.includes(username.toLowerCase());

  async function requireUser(userId: number) {
    const user = await findById(db, userId);
    if (!user) throw new AppError('NOT_FOUND', server.userNotFound);
    return user;
  }

  async function listUsers() {
    const users = await listForAdmin(db);
    return users.map((user) => ({
      id: user.id,
      username: user.username,
      email: user.email || null,
      country: user.country || null,
      phone_number: user.phoneNumber || null,
      is_verified: user.isVerified,
      totp_secret: user.has2fa ? TOTP_PRESENT : null,
      is_admin: user.isAdmin,
      is_2fa_exempt: isExempt(user.username),
      plan: user.plan,
      subscription_status: user.subscriptionStatus,
    }));
  }

  async function updateUser(adminId: number, userId: number, patch: TAdminUpdateUserBody) {
    const user = await requireUser(userId);
    if ('totp_secret' in patch) {
      if (isExempt(user.username)) throw new AppError('FORBIDDEN', server.exempt2fa);
      const encrypted = patch.totp_secret === null ? null : cipher.encrypt(patch.totp_secret, aad.totp(user.username));
      await setTotpSecret(db, userId, encrypted);
      return { message: patch.totp_secret === null ? '2FA disabled.' : '2FA enabled.' };
    }
    if (userId === adminId && !patch.is_admin) throw new AppError('BAD_REQUEST', server.cannotChangeOwnAdmin);
    await setAdmin(db, userId, patch.is_admin);
    return { message: patch.is_admin ? 'Admin role granted.' : 'Admin role revoked.' };
  }

  async function remove(adminId: number, userId: number) {
    if (userId === adminId) throw new AppError('BAD_REQUEST', server.cannotDeleteSelf);
    await requireUser(userId);
    await deleteUser(db, userId);
    return { message: 'User deleted.' };
  }

  async function grantPlan(adminId: number, userId: number, plan: TPaidPlan) {
    const user = await requireUser(userId);
    await setSubscription(db, userId, { plan, status: 'active', currentPeriodEnd: null, grantedById: adminId });
    return { message: server.planGranted(plan, user.username) };
  }

  async function listClientErrors() {
    const rows = await listClientErrorReports(db, 200);
    return rows.map((row) => ({
      id: row.id,
      error_id: row.errorId,
      message: row.message,
      stack: row.stack,
      url: row.url,
      user_agent: row.userAgent,
      user_ref: row.userRef,
      user_id: row.userId,
      error_count: row.errorCount,
      created_at: row.createdAt.toISOString(),
    }));
  }

  async function listMail() {
    const rows = await listRecentMail(db, 100);
    return rows.map((row) => ({
      id: row.id,
      to: row.to,
      subject: row.subject,
      text: row.text,
      status: row.status,
      created_at: row.createdAt.toISOString(),
    }));
  }

  return { listUsers, updateUser, deleteUser: remove, grantPlan, listClientErrors, listMail };
}
