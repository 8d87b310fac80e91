import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { validationMessage, ZSignupInput } from '@tradebot/api-contract';
import { createDb, createUserWithTrial, ensureDatabase, findLoginByUsername, migrate, setAdmin } from '@tradebot/db';
import { ZodError } from 'zod';
import { loadEnv } from './env.js';
import { createCipher, aad } from './lib/crypto.js';
import { hashPassword } from './lib/password.js';
import { generateTotpSecret, totpUri } from './lib/totp.js';

/**
 * Creates the first admin (or promotes an existing user):
 *   npm run create-admin -- --username alice --email alice@example.com --password '…'
 * A new admin gets 2FA like every user: the otpauth URI is printed once, for an authenticator app.
 */
const { values } = parseArgs({
  options: {
    username: { type: 'string' },
    email: { type: 'string' },
    password: { type: 'string' },
    country: { type: 'string', default: 'US' },
    phone: { type: 'string', default: '+10000000000' },
  },
});

if (existsSync('.env')) process.loadEnvFile('.env');
const env = loadEnv();
await ensureDatabase(env.DATABASE_URL);
await migrate(env.DATABASE_URL);
const db = createDb(env.DATABASE_URL);

try {
  const username = (values.username ?? '').trim().toLowerCase();
  const existing = username ? await findLoginByUsername(db, username) : null;
  if (existing) {
    await setAdmin(db, existing.id, true);
    console.log(`${username} is now an admin.`);
  } else {
    const input = ZSignupInput.parse({
      username,
      email: values.email,
      password: values.password,
      country: values.country,
      phone_number: values.phone,
      tos_accepted: true,
    });
    const secret = generateTotpSecret();
    const userId = await createUserWithTrial(db, {
      username: input.username,
      email: input.email,
      passwordHash: await hashPassword(input.password),
      country: input.country,
      phoneNumber: input.phone_number,
      tosAcceptedAt: new Date(),
      trialEndsAt: new Date(Date.now() + 7 * 24 * 60 * 60 * 1000),
      totpSecretEnc: createCipher(env.ENCRYPTION_KEY).encrypt(secret, aad.totp(input.username)),
    });
    await setAdmin(db, userId, true);
    console.log(`Admin ${input.username} created (id ${userId}).`);
    console.log(`Add this to your authenticator app (shown once):\n  ${totpUri(secret, input.username)}`);
  }
} catch (error) {
  console.error(error instanceof ZodError ? `Cannot create the admin: ${validationMessage(error)}` : error);
  process.exitCode = 1;
} finally {
  await db.$disconnect();
}
