import { existsSync } from 'node:fs';
import { createCipher, rotateEncryptionKey, valuesLeftToRotate } from '@tradebot/core';
import { createDb } from '@tradebot/db';
import { loadEnv } from './env.js';

/**
 * npm run rotate-encryption-key: re-encrypts every stored secret under ENCRYPTION_KEY, reading
 * each with ENCRYPTION_KEY or ENCRYPTION_KEY_PREVIOUS (README, "Rotating the encryption key").
 * Safe to stop and run again: it continues with what is left, and the app keeps reading both
 * keys meanwhile.
 */
if (existsSync('.env')) process.loadEnvFile('.env');
const env = loadEnv();
const db = createDb(env.DATABASE_URL, { poolSize: 2 });
const cipher = createCipher(env.ENCRYPTION_KEY, env.ENCRYPTION_KEY_PREVIOUS);

try {
  const before = Object.values(await valuesLeftToRotate(db, cipher)).reduce((a, b) => a + b, 0);
  console.log(`Encryption key ${cipher.keyId}: ${before} stored secrets to re-encrypt.`);
  let done = 0;
  const report = await rotateEncryptionKey(db, cipher, {
    onBatch: (_column, written) => {
      const before = done;
      done += written;
      if (Math.floor(done / 5000) > Math.floor(before / 5000))
        console.log(`  ${done} re-encrypted…`);
    },
  });
  for (const [column, count] of Object.entries(report.rotated))
    if (count > 0) console.log(`  ${column}: ${count}`);
  const left = await valuesLeftToRotate(db, cipher);
  const remaining = Object.values(left).reduce((a, b) => a + b, 0);
  if (report.unreadable.length > 0) {
    for (const problem of report.unreadable)
      console.error(`  cannot read ${problem.column} of row ${problem.id}: ${problem.reason}`);
    console.error(
      `${report.unreadable.length} secrets open with neither ENCRYPTION_KEY nor ENCRYPTION_KEY_PREVIOUS; they were left as they are.`,
    );
    process.exitCode = 1;
  } else if (remaining > 0) {
    console.log(
      `${remaining} secrets were written meanwhile under another key (a process still running with the old ENCRYPTION_KEY?): restart it with the new one and run this again.`,
    );
    process.exitCode = 1;
  } else {
    console.log(
      'Every stored secret is under ENCRYPTION_KEY: ENCRYPTION_KEY_PREVIOUS can be removed (restart the API and the worker after).',
    );
  }
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await db.$disconnect();
  if (!db.pool.ended) await db.pool.end();
}
