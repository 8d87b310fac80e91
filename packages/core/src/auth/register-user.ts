import { AppError, server, TRIAL_DAYS, type TSignupInput } from '@tradebot/api-contract';
import { createUser, usernameOrEmailTaken } from '@tradebot/db';
import type { ServiceDeps } from '../deps.js';
import { aad } from '../security/cipher.js';
import { hashPassword } from '../security/password-hash.js';
import { generateTotpSecret } from '../security/totp.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A sign-up's fields; an account made from the command line may have no phone number. */
export type NewAccount = Omit<TSignupInput, 'phone_number'> & { phone_number: string | null };

/**
 * Creates an account with a fresh TOTP secret (encrypted at rest) and, unless told otherwise,
 * its trial. Sign-up and the create-admin command both come through here; an admin made from
 * the command line gets no trial, so it shows no plan until one is granted.
 * Returns the secret in the clear once, for the authenticator app.
 */
export async function registerUser(
  deps: Pick<ServiceDeps, 'db' | 'cipher' | 'now'>,
  input: NewAccount,
  options: { trial: boolean } = { trial: true },
) {
  const { db, cipher, now } = deps;
  const taken = await usernameOrEmailTaken(db, input.username, input.email);
  if (taken)
    throw new AppError('CONFLICT', taken === 'username' ? server.usernameTaken : server.emailTaken);
  const totpSecret = generateTotpSecret();
  const userId = await createUser(db, {
    username: input.username,
    email: input.email,
    passwordHash: await hashPassword(input.password),
    country: input.country,
    phoneNumber: input.phone_number,
    tosAcceptedAt: now(),
    trialEndsAt: options.trial ? new Date(now().getTime() + TRIAL_DAYS * DAY_MS) : null,
    totpSecretEnc: cipher.encrypt(totpSecret, aad.totp(input.username)),
  }).catch((error: unknown) => {
    // Two sign-ups racing for one name: the unique index decides.
    if ((error as { code?: string }).code === 'P2002')
      throw new AppError('CONFLICT', server.usernameTaken);
    throw error;
  });
  return { userId, totpSecret };
}
