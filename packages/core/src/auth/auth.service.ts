import {
  AppError,
  server,
  type TLoginInput,
  type TLoginOutput,
  type TSignupInput,
  type TBotStatus,
  type TTokenOutput,
} from '@tradebot/api-contract';
import { findBotState, findLoginByUsername } from '@tradebot/db';
import { subscriptionView } from '../billing/subscription.view.js';
import { toBotStatus } from '../bot/reads/status.js';
import type { ServiceDeps } from '../deps.js';
import { getDummyHash, verifyPassword } from '../security/password-hash.js';
import { loginDelayMs } from '../security/rate-limit.js';
import { totpQrCode } from '../security/totp.js';
import type { RequestMeta, SessionInfo } from '../types.js';
import { registerUser } from './register-user.js';
import type { SessionService } from './session.service.js';

/** Sign-up, password login (first factor), token refresh, status and logout. */
export function authService(
  deps: ServiceDeps,
  sessions: SessionService,
  sendVerification: (userId: number) => Promise<void>,
) {
  const { db, limiter } = deps;

  async function signup(input: TSignupInput, meta: RequestMeta) {
    await limiter.consume('signupIp', meta.ip);
    const { userId, totpSecret } = await registerUser(deps, input);
    await sendVerification(userId);
    return { message: server.signupSuccess, ...(await totpQrCode(totpSecret, input.username)) };
  }

  async function login(input: TLoginInput, meta: RequestMeta): Promise<TLoginOutput> {
    const accountIp = `${input.username}|${meta.ip}`;
    await limiter.consume('loginIp', meta.ip);
    await limiter.consume('loginAccountIp', accountIp);
    // The account's budget for strangers is spent before the password is checked.
    if ((await limiter.count('loginKnownAddress', accountIp)) === 0)
      await limiter.consume('loginAccount', input.username);
    await deps.pause(loginDelayMs(await limiter.count('loginFailures', input.username)));
    const user = await findLoginByUsername(db, input.username);
    // Verify against a dummy hash for unknown users so both failures look and time the same.
    const valid = await verifyPassword(
      user?.passwordHash ?? (await getDummyHash()),
      input.password,
    );
    if (!user || !valid) {
      await limiter.record('loginFailures', input.username);
      throw new AppError('UNAUTHORIZED', server.invalidCredentials);
    }
    await limiter.reset('loginAccountIp', accountIp);
    await limiter.reset('loginFailures', input.username);
    await limiter.record('loginKnownAddress', accountIp);
    const base = { token_type: 'bearer' as const, is_onboarded: user.isOnboarded };
    if (user.totpSecretEnc) {
      const challenge = await sessions.issueTemporary(user.id, '2fa_challenge');
      return { ...base, access_token: challenge, requires_2fa: true, needs_2fa_setup: false };
    }
    const access = await sessions.issueFull(user.id);
    const setup = await sessions.issueTemporary(user.id, '2fa_setup');
    return {
      ...base,
      access_token: access,
      requires_2fa: false,
      needs_2fa_setup: true,
      setup_token: setup,
    };
  }

  async function refresh(session: SessionInfo): Promise<TTokenOutput> {
    const access = await sessions.issueFull(session.userId, session.expiresAt);
    await sessions.revoke(session.id);
    return { access_token: access, token_type: 'bearer', is_onboarded: session.isOnboarded };
  }

  async function logout(session: SessionInfo) {
    await sessions.revoke(session.id);
    return { message: server.loggedOut };
  }

  const onboardingStatus = async (session: SessionInfo) => ({ is_onboarded: session.isOnboarded });
  const status = async (session: SessionInfo) =>
    accountStatus(deps.now(), session, toBotStatus(await findBotState(db, session.userId)));
  return { signup, login, refresh, status, onboardingStatus, logout };
}

/**
 * GET /api/status: who is signed in, their mode, plan, and the bot's state (bot_states: running
 * or not, and the last tick's equity, cash, buying power, last activity, daily P&L, drawdown).
 * The account comes from the session's own read (sessions.repo.ts), the bot from its row.
 */
function accountStatus(now: Date, session: SessionInfo, bot: TBotStatus) {
  const { account } = session;
  return {
    status: 'ok' as const,
    user: {
      id: session.userId,
      username: session.username,
      email: account.email,
      is_admin: session.isAdmin,
      is_onboarded: session.isOnboarded,
      is_verified: account.isVerified,
      has_2fa: account.has2fa,
    },
    environment: account.alpacaEnvironment,
    bot_status: bot.status,
    bot,
    subscription: subscriptionView(account.subscription, now),
  };
}
