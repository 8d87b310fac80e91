import {
  AppError,
  server,
  type TChangePasswordInput,
  type TChangePasswordOutput,
} from '@tradebot/api-contract';
import {
  consumeOneTimeToken,
  findByEmail,
  findById,
  findPasswordHash,
  revokeUserSessions,
  setPasswordHash,
} from '@tradebot/db';
import type { ServiceDeps } from '../deps.js';
import { hashPassword, verifyPassword } from '../security/password-hash.js';
import { hashToken } from '../security/tokens.js';
import type { RequestMeta, SessionInfo } from '../types.js';
import { authMails } from './auth-mails.js';
import { issueOneTimeToken, RESET_TTL_MS } from './one-time-tokens.js';
import type { SessionService } from './session.service.js';

/** Forgot/reset password (single-use, short-lived emailed token) and change from a session. */
export function passwordService(deps: ServiceDeps, sessions: SessionService) {
  const { db, limiter, mailer, now, appUrl } = deps;

  /**
   * The answer and its timing are the same whether or not the address is registered: the
   * lookup, the token and the mail happen after the answer.
   */
  async function forgotPassword(email: string, meta: RequestMeta) {
    await limiter.consume('resetIp', meta.ip);
    await limiter.consume('resetAccount', email);
    deps.background.run(() => sendResetLink(email));
    return { message: server.resetLinkSent };
  }

  async function sendResetLink(email: string) {
    const user = await findByEmail(db, email);
    if (!user) return;
    const token = await issueOneTimeToken(deps, user.id, 'password_reset', RESET_TTL_MS);
    await mailer.send(authMails.resetPassword(user, appUrl, token));
  }

  async function resetPassword(token: string, newPassword: string, meta: RequestMeta) {
    await limiter.consume('resetIp', meta.ip);
    const userId = await consumeOneTimeToken(db, hashToken(token), 'password_reset', now());
    if (userId === null) throw new AppError('BAD_REQUEST', server.invalidResetToken);
    await setPasswordHash(db, userId, await hashPassword(newPassword));
    // Every session ends; 2FA is untouched, so the next login still asks for a code.
    await revokeUserSessions(db, userId);
    return { message: server.passwordReset };
  }

  async function changePassword(
    session: SessionInfo,
    input: TChangePasswordInput,
  ): Promise<TChangePasswordOutput> {
    // A stolen session must not become a password oracle: guesses here are refused after a
    // few, and count as login failures so /api/token slows down for this account too.
    await limiter.consume('passwordCheckAccount', String(session.userId));
    const passwordHash = await findPasswordHash(db, session.userId);
    if (!passwordHash || !(await verifyPassword(passwordHash, input.current_password))) {
      await limiter.record('loginFailures', session.username);
      throw new AppError('BAD_REQUEST', server.wrongCurrentPassword);
    }
    await limiter.reset('passwordCheckAccount', String(session.userId));
    await setPasswordHash(db, session.userId, await hashPassword(input.new_password));
    await revokeUserSessions(db, session.userId);
    // Keeps the absolute expiry, as refresh does: a password without a 2FA code must not
    // stretch a session past the 7 days its sign-in earned.
    const accessToken = await sessions.issueFull(session.userId, session.expiresAt);
    await sendPasswordChanged(session.userId);
    return { message: server.passwordChanged, access_token: accessToken };
  }

  async function sendPasswordChanged(userId: number) {
    const user = await findById(db, userId);
    if (!user) return;
    await mailer.send(authMails.passwordChanged(user, now(), `${appUrl}/forgot-password`));
  }

  return { forgotPassword, resetPassword, changePassword };
}
