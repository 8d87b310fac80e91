import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { AppError, validationMessage, ZSignupInput } from '@tradebot/api-contract';
import { createCipher, registerUser, totpUri } from '@tradebot/core';
import { createDb, ensureDatabase, findLoginByUsername, migrate, setAdmin } from '@tradebot/db';
import { ZodError } from 'zod';
import { loadEnv } from './env.js';

/**
 * Creates the first admin (or promotes an existing user):
 *   npm run create-admin -- --username alice --email alice@example.com --password '…'
 * A new admin signs up through core's registration like every user (same trial, same 2FA):
 * the otpauth URI is printed once, for an authenticator app.
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
    const deps = { db, cipher: createCipher(env.ENCRYPTION_KEY), now: () => new Date() };
    const { userId, totpSecret } = await registerUser(deps, input);
    await setAdmin(db, userId, true);
    console.log(`Admin ${input.username} created (id ${userId}).`);
    console.log(
      `Add this to your authenticator app (shown once):\n  ${totpUri(totpSecret, input.username)}`,
    );
  }
} catch (error) {
  // Bad input and a taken name or address are the operator's to fix: say so in a sentence.
  if (error instanceof ZodError || error instanceof AppError) {
    const reason = error instanceof ZodError ? validationMessage(error) : error.message;
    console.error(`Cannot create the admin: ${reason}`);
  } else console.error(error);
  process.exitCode = 1;
} finally {
  await db.$disconnect();
}
