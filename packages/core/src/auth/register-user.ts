import { AppError, server, TRIAL_DAYS, type TSignupInput } from '@tradebot/api-contract';
import { createUserWithTrial, usernameOrEmailTaken } from '@tradebot/db';
import type { ServiceDeps } from '../deps.js';
import { aad } from '../security/cipher.js';
import { hashPassword } from '../security/password-hash.js';
import { generateTotpSecret } from '../security/totp.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Creates an account with its trial and a fresh TOTP secret (encrypted at rest). Sign-up and
 * the create-admin command both come through here, so both get the same trial and clock.
 * Returns the secret in the clear once, for the authenticator app.
 */
export async function registerUser(
  deps: Pick<ServiceDeps, 'db' | 'cipher' | 'now'>,
  input: TSignupInput,
) {
  const { db, cipher, now } = deps;
  const taken = await usernameOrEmailTaken(db, input.username, input.email);
  if (taken)
    throw new AppError('CONFLICT', taken === 'username' ? server.usernameTaken : server.emailTaken);
  const totpSecret = generateTotpSecret();
  const userId = await createUserWithTrial(db, {
    username: input.username,
    email: input.email,
    passwordHash: await hashPassword(input.password),
    country: input.country,
    phoneNumber: input.phone_number,
    tosAcceptedAt: now(),
    trialEndsAt: new Date(now().getTime() + TRIAL_DAYS * DAY_MS),
    totpSecretEnc: cipher.encrypt(totpSecret, aad.totp(input.username)),
  }).catch((error: unknown) => {
    // Two sign-ups racing for one name: the unique index decides.
    if ((error as { code?: string }).code === 'P2002')
      throw new AppError('CONFLICT', server.usernameTaken);
    throw error;
  });
  return { userId, totpSecret };
}
