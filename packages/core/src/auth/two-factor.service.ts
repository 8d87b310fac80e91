import { AppError, server, type TTokenOutput } from '@tradebot/api-contract';
import { consumeTotpStep, findTotpSecret, setTotpSecret } from '@tradebot/db';
import type { ServiceDeps } from '../deps.js';
import { aad } from '../security/cipher.js';
import { generateTotpSecret, matchTotpStep, totpQrCode } from '../security/totp.js';
import type { RequestMeta, SessionInfo } from '../types.js';
import type { SessionService } from './session.service.js';

/** The second factor: checking a TOTP code for a challenge token, and first-time set-up. */
export function twoFactorService(deps: ServiceDeps, sessions: SessionService) {
  const { db, cipher, limiter, now } = deps;

  async function readSecret(userId: number, username: string): Promise<string | null> {
    const encrypted = await findTotpSecret(db, userId);
    return encrypted ? cipher.decrypt(encrypted, aad.totp(username)) : null;
  }

  async function verify2fa(
    session: SessionInfo,
    input: { totp_code: string },
    meta: RequestMeta,
  ): Promise<TTokenOutput> {
    await limiter.consume('twoFaIp', meta.ip);
    await limiter.consume('twoFaAccount', String(session.userId));
    const secret = await readSecret(session.userId, session.username);
    const step = secret ? matchTotpStep(secret, input.totp_code, now().getTime()) : null;
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
    if (await findTotpSecret(db, session.userId))
      throw new AppError('CONFLICT', server.twoFaAlreadyEnabled);
    const secret = generateTotpSecret();
    await setTotpSecret(db, session.userId, cipher.encrypt(secret, aad.totp(session.username)));
    await sessions.revoke(session.id);
    return { message: server.twoFaSetUp, ...(await totpQrCode(secret, session.username)) };
  }

  return { verify2fa, enable2fa };
}
