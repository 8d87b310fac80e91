import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { AppError, validationMessage } from '@tradebot/api-contract';
import { createCipher, totpUri } from '@tradebot/core';
import { createDb, ensureDatabase, migrate } from '@tradebot/db';
import { ZodError } from 'zod';
import { createAdmin } from './create-admin.js';
import { loadEnv } from './env.js';

/**
 * Creates the first admin (or promotes an existing user):
 *   npm run create-admin -- --username alice --email alice@example.com --password '…'
 * A new admin gets 2FA like every user but no trial and, unless --phone is given, no phone
 * number: the otpauth URI is printed once, for an authenticator app.
 */
const { values } = parseArgs({
  options: {
    username: { type: 'string' },
    email: { type: 'string' },
    password: { type: 'string' },
    country: { type: 'string', default: 'US' },
    phone: { type: 'string' },
  },
});

if (existsSync('.env')) process.loadEnvFile('.env');
const env = loadEnv();
await ensureDatabase(env.DATABASE_URL);
await migrate(env.DATABASE_URL);
const db = createDb(env.DATABASE_URL);

try {
  const deps = {
    db,
    cipher: createCipher(env.ENCRYPTION_KEY, env.ENCRYPTION_KEY_PREVIOUS),
    now: () => new Date(),
  };
  const result = await createAdmin(deps, values);
  if (result.kind === 'promoted') console.log(`${result.username} is now an admin.`);
  else {
    console.log(`Admin ${result.username} created (id ${result.userId}).`);
    console.log(
      `Add this to your authenticator app (shown once):\n  ${totpUri(result.totpSecret, result.username)}`,
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
