import { AppError, server } from '@tradebot/api-contract';
import { consumeOneTimeToken, findById, markVerified } from '@tradebot/db';
import type { ServiceDeps } from '../deps.js';
import { hashToken } from '../security/tokens.js';
import type { SessionInfo } from '../types.js';
import { authMails } from './auth-mails.js';
import { issueOneTimeToken, VERIFY_TTL_MS } from './one-time-tokens.js';

type User = NonNullable<Awaited<ReturnType<typeof findById>>>;

/** Email verification: a single-use link valid for 24 hours, sent at sign-up and on request. */
export function emailVerificationService(deps: ServiceDeps) {
  const { db, limiter, mailer, now, appUrl } = deps;

  async function sendTo(user: User) {
    if (user.isVerified) return;
    const token = await issueOneTimeToken(deps, user.id, 'email_verify', VERIFY_TTL_MS);
    await mailer.send(authMails.verifyEmail(user, appUrl, token));
  }

  async function sendVerification(userId: number) {
    const user = await findById(db, userId);
    if (user) await sendTo(user);
  }

  async function verifyEmail(token: string) {
    const userId = await consumeOneTimeToken(db, hashToken(token), 'email_verify', now());
    if (userId === null) throw new AppError('BAD_REQUEST', server.invalidVerifyToken);
    await markVerified(db, userId);
    return { message: server.emailVerified };
  }

  /** Sends mail on demand, so it is throttled per account and per address like reset links. */
  async function requestEmailVerification(session: SessionInfo) {
    await limiter.consume('verifyRequestAccount', String(session.userId));
    const user = await findById(db, session.userId);
    if (user) {
      await limiter.consume('verifyRequestAddress', user.email);
      await sendTo(user);
    }
    return { message: server.verifyLinkSent };
  }

  return { sendVerification, verifyEmail, requestEmailVerification };
}
