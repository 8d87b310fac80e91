import {
  AppError,
  server,
  type TAdminUpdateUserBody,
  type TPaidPlan,
} from '@tradebot/api-contract';
import {
  findById,
  listForAdmin,
  markVerified,
  setAdmin,
  setSubscription,
  setTotpSecret,
} from '@tradebot/db';
import type { EraseAccount } from '../account/account-deletion.service.js';
import type { ServiceDeps } from '../deps.js';
import { aad } from '../security/cipher.js';

/** Shown instead of a user's TOTP secret: admins see whether 2FA is on, never the secret. */
export const TOTP_PRESENT = 'enabled';

/** User management for admins (the role is checked by the caller's procedure). */
export function adminService(
  deps: Pick<ServiceDeps, 'db' | 'cipher' | 'reservedUsernames'>,
  eraseAccount: EraseAccount,
) {
  const { db, cipher, reservedUsernames } = deps;
  const isExempt = (username: string) => reservedUsernames.includes(username.toLowerCase());

  async function requireUser(userId: number) {
    const user = await findById(db, userId);
    if (!user) throw new AppError('NOT_FOUND', server.userNotFound);
    return user;
  }

  const listUsers = async () =>
    (await listForAdmin(db)).map((user) => adminUserView(user, isExempt(user.username)));

  async function updateUser(adminId: number, userId: number, patch: TAdminUpdateUserBody) {
    const user = await requireUser(userId);
    if ('totp_secret' in patch) {
      if (isExempt(user.username)) throw new AppError('FORBIDDEN', server.exempt2fa);
      const secret = patch.totp_secret;
      await setTotpSecret(
        db,
        userId,
        secret === null ? null : cipher.encrypt(secret, aad.totp(user.username)),
      );
      return { message: secret === null ? server.adminTwoFaDisabled : server.adminTwoFaEnabled };
    }
    if (userId === adminId && !patch.is_admin)
      throw new AppError('BAD_REQUEST', server.cannotChangeOwnAdmin);
    await setAdmin(db, userId, patch.is_admin);
    return { message: patch.is_admin ? server.adminRoleGranted : server.adminRoleRevoked };
  }

  /**
   * The user's own deletion without its credential checks: the bot stopped, its waiting orders
   * at the broker cancelled (positions and their protective orders stay), every row erased.
   */
  async function remove(adminId: number, userId: number) {
    if (userId === adminId) throw new AppError('BAD_REQUEST', server.cannotDeleteSelf);
    await requireUser(userId);
    const erased = await eraseAccount(userId);
    if (erased.outcome === 'missing') throw new AppError('NOT_FOUND', server.userNotFound);
    // Every other admin was deleted meanwhile, this admin included.
    if (erased.outcome === 'last_admin')
      throw new AppError('CONFLICT', server.adminDeleteLastAdmin);
    console.info(`[account] user ${userId} deleted by admin ${adminId}`);
    return { message: server.userDeleted(erased.atAlpaca, erased.failed) };
  }

  async function grantPlan(adminId: number, userId: number, plan: TPaidPlan) {
    const user = await requireUser(userId);
    await setSubscription(db, userId, {
      plan,
      status: 'active',
      currentPeriodEnd: null,
      grantedById: adminId,
    });
    return { message: server.planGranted(plan, user.username) };
  }

  /** For a server without SMTP, where the user never receives the link (the outbox redacts it). */
  async function markEmailVerified(userId: number) {
    const user = await requireUser(userId);
    if (!user.isVerified) await markVerified(db, userId);
    return { message: server.adminEmailVerified(user.username) };
  }

  return { listUsers, updateUser, deleteUser: remove, grantPlan, markEmailVerified };
}

type AdminListRow = Awaited<ReturnType<typeof listForAdmin>>[number];

/** A user as the admin table shows it: whether 2FA is on, never the secret. */
function adminUserView(user: AdminListRow, exempt: boolean) {
  return {
    id: user.id,
    username: user.username,
    email: user.email || null,
    country: user.country || null,
    phone_number: user.phoneNumber || null,
    is_verified: user.isVerified,
    totp_secret: user.has2fa ? TOTP_PRESENT : null,
    is_admin: user.isAdmin,
    is_2fa_exempt: exempt,
    plan: user.plan,
    subscription_status: user.subscriptionStatus,
  };
}
