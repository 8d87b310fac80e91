import {
  AppError,
  server,
  type RequestMeta,
  type SessionInfo,
  type TLoginInput,
  type TLoginOutput,
  type TSignupInput,
  type TTokenOutput,
} from '@tradebot/api-contract';
import {
  consumeTotpStep,
  createUserWithTrial,
  findById,
  findLoginByUsername,
  findSubscription,
  findTotpSecret,
  setTotpSecret,
  usernameOrEmailTaken,
} from '@tradebot/db';
import { aad } from '../lib/crypto.js';
import { getDummyHash, hashPassword, verifyPassword } from '../lib/password.js';
import { generateTotpSecret, matchTotpStep, totpQrCode } from '../lib/totp.js';
import type { ServiceDeps } from './deps.js';
import type { SessionService } from './session.service.js';
import { subscriptionView } from './subscription.view.js';
import { TRIAL_DAYS } from '@tradebot/api-contract';

const DAY_MS = 24 * 60 * 60 * 1000;

export function authService(deps: ServiceDeps, sessions: SessionService, sendVerification: (userId: number) => Promise<void>) {
  const { db, cipher, limiter, now } = deps;

  async function signup(input: TSignupInput, meta: RequestMeta) {
    await limiter.consume('signupIp', meta.ip);
    const taken = await usernameOrEmailTaken(db, input.username, input.email);
    if (taken) throw new AppError('CONFLICT', taken === 'username' ? server.usernameTaken : server.emailTaken);
    const secret = generateTotpSecret();
    const userId = await createUserWithTrial(db, {
      username: input.username,
      email: input.email,
      passwordHash: await hashPassword(input.password),
      country: input.country,
      phoneNumber: input.phone_number,
      tosAcceptedAt: now(),
      trialEndsAt: new Date(now().getTime() + TRIAL_DAYS * DAY_MS),
      totpSecretEnc: cipher.encrypt(secret, aad.totp(input.username)),
    }).catch((error: unknown) => {
      // Two sign-ups racing for one name: the unique index decides.
      if ((error as { code?: string }).code === 'P2002') throw new AppError('CONFLICT', server.usernameTaken);
      throw error;
    });
    await sendVerification(userId);
    return { message: server.signupSuccess, ...(await totpQrCode(secret, input.username)) };
  }

  async function login(input: TLoginInput, meta: RequestMeta): Promise<TLoginOutput> {
    await limiter.consume('loginIp', meta.ip);
    await limiter.consume('loginAccount', input.username);
    const user = await findLoginByUsername(db, input.username);
    // Verify against a dummy hash for unknown users so both failures look and time the same.
    const valid = await verifyPassword(user?.passwordHash ?? (await getDummyHash()), input.password);
    if (!user || !valid) throw new AppError('UNAUTHORIZED', server.invalidCredentials);
    await limiter.reset('loginAccount', input.username);
    const base = { token_type: 'bearer' as const, is_onboarded: user.isOnboarded };
    if (user.totpSecretEnc) {
      const challenge = await sessions.issueTemporary(user.id, '2fa_challenge');
      return { ...base, access_token: challenge, requires_2fa: true, needs_2fa_setup: false };
    }
    const access = await sessions.issueFull(user.id);
    const setup = await sessions.issueTemporary(user.id, '2fa_setup');
    return { ...base, access_token: access, requires_2fa: false, needs_2fa_setup: true, setup_token: setup };
  }

  async function readSecret(userId: number, username: string): Promise<string | null> {
    const encrypted = await findTotpSecret(db, userId);
    return encrypted ? cipher.decrypt(encrypted, aad.totp(username)) : null;
  }

  async function verify2fa(session: SessionInfo, code: string, meta: RequestMeta): Promise<TTokenOutput> {
    await limiter.consume('twoFaIp', meta.ip);
    await limiter.consume('twoFaAccount', String(session.userId));
    const secret = await readSecret(session.userId, session.username);
    const step = secret ? matchTotpStep(secret, code, now().getTime()) : null;
    // Each time step is accepted once: a replayed code fails exactly like a wrong one.
    if (step === null || !(await consumeTotpStep(db, session.userId, BigInt(step)))) {
      throw new AppError('UNAUTHORIZED', server.invalid2fa);
    }
    await limiter.reset('twoFaAccount', String(session.userId));
    await sessions.revoke(session.id);
    const access = await sessions.issueFull(session.userId);
    return { access_token: access, token_type: 'bearer', is_onboarded: session.isOnboarded };
  }

  async function enable2fa(session: SessionInfo, username: string, meta: RequestMeta) {
    await limiter.consume('twoFaIp', meta.ip);
    if (username.toLowerCase() !== session.username.toLowerCase()) {
      throw new AppError('BAD_REQUEST', server.usernameMismatch);
    }
    if (await findTotpSecret(db, session.userId)) throw new AppError('CONFLICT', server.twoFaAlreadyEnabled);
    const secret = generateTotpSecret();
    await setTotpSecret(db, session.userId, cipher.encrypt(secret, aad.totp(session.username)));
    await sessions.revoke(session.id);
    return {
      message: 'Two-factor authentication is enabled. Scan the QR code, then log in with your code.',
      ...(await totpQrCode(secret, session.username)),
    };
  }

  async function refresh(session: SessionInfo): Promise<TTokenOutput> {
    const access = await sessions.issueFull(session.userId, session.expiresAt);
    await sessions.revoke(session.id);
    return { access_token: access, token_type: 'bearer', is_onboarded: session.isOnboarded };
  }

  async function status(session: SessionInfo) {
    const user = await findById(db, session.userId);
    if (!user) throw new AppError('UNAUTHORIZED', server.sessionExpired);
    return {
      status: 'ok' as const,
      user: {
        id: user.id,
        username: user.username,
        email: user.email,
        is_admin: user.isAdmin,
        is_onboarded: user.isOnboarded,
        is_verified: user.isVerified,
        has_2fa: user.has2fa,
      },
      environment: user.alpacaEnvironment,
      bot_status: 'stopped' as const,
      subscription: subscriptionView(await findSubscription(db, session.userId), now()),
    };
  }

  return {
    signup,
    login,
    verify2fa: (session: SessionInfo, input: { totp_code: string }, meta: RequestMeta) =>
      verify2fa(session, input.totp_code, meta),
    enable2fa,
    refresh,
    status,
    onboardingStatus: async (session: SessionInfo) => ({ is_onboarded: session.isOnboarded }),
    logout: async (session: SessionInfo) => {
      await sessions.revoke(session.id);
      return { message: server.loggedOut };
    },
  };
}
