import { saveAccountSettings } from '@tradebot/db';
import { resetDatabase } from '@tradebot/db/testing';
import { E2E_ALPACA_KEY, startFakeAlpaca, type FakeAlpaca } from '../../../e2e/fake-alpaca.js';
import { coreEnvShape, parseEnv } from '../src/env.js';
import { createCoreRuntime, type CoreRuntime } from '../src/runtime.js';
import { aad } from '../src/security/cipher.js';
import { testUser } from './test-user.js';

/** A core runtime whose Alpaca is the project's Alpaca-compatible test server. */
export interface AlpacaTestRuntime {
  fake: FakeAlpaca;
  runtime: CoreRuntime;
  /** Closes the runtime, then the server. */
  close(): Promise<void>;
}

/**
 * Starts the fake Alpaca server (e2e/fake-alpaca.ts) at market time `now` (ms) and a core runtime
 * on real PostgreSQL and Redis whose trading and data URLs point at it, on an emptied database.
 * The services' time is the market's: the fake's clock (Alpaca's is real time).
 */
export async function alpacaTestRuntime(now: number): Promise<AlpacaTestRuntime> {
  const fake = await startFakeAlpaca({ now });
  const runtime = await createCoreRuntime(
    {
      ...parseEnv(
        coreEnvShape,
        {
          DATABASE_URL: process.env.DATABASE_URL,
          REDIS_URL: process.env.REDIS_URL,
          ALPACA_TRADING_URL: fake.url,
          ALPACA_DATA_URL: fake.url,
        },
        'test',
      ),
      ENCRYPTION_KEY: 'a'.repeat(64),
    },
    { now: () => new Date(fake.market.now()) },
  );
  await resetDatabase(runtime.db);
  return {
    fake,
    runtime,
    close: async () => {
      await runtime.close();
      await new Promise((done) => fake.server.close(done));
    },
  };
}

/** A user with paper keys the fake accepts (encrypted as the account settings save them). */
export async function alpacaPaperUser(runtime: CoreRuntime, name: string): Promise<number> {
  const { db, cipher } = runtime.deps;
  const userId = await testUser(db, name);
  await saveAccountSettings(db, userId, {
    environment: 'paper',
    upserts: [
      {
        environment: 'paper',
        keyEnc: cipher.encrypt(E2E_ALPACA_KEY, aad.brokerKey(userId, 'paper')),
        secretEnc: cipher.encrypt(`${name}-secret`, aad.brokerSecret(userId, 'paper')),
        keyMask: 'PK…01',
        secretMask: '…et',
      },
    ],
    deletes: [],
    markOnboarded: true,
  });
  return userId;
}
