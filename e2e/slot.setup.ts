import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { holdDeployment } from './deployment.js';

/**
 * Runs before each browser test file: the file takes a deployment no other running file holds
 * (a session advisory lock in that deployment's database, released when the file ends or its
 * process exits) and keeps it for all its tests.
 */
const LOCK_KEY = 4_242_001;
let held: pg.Client | undefined;

beforeAll(async () => {
  const deployments = inject('deployments');
  for (;;) {
    for (const deployment of deployments) {
      const client = new pg.Client({ connectionString: deployment.databaseUrl });
      await client.connect();
      const { rows } = await client.query<{ got: boolean }>(
        'SELECT pg_try_advisory_lock($1) AS got',
        [LOCK_KEY],
      );
      if (rows[0]?.got) {
        held = client;
        holdDeployment(deployment);
        return;
      }
      await client.end();
    }
    await new Promise((done) => setTimeout(done, 500));
  }
}, 600_000);

afterAll(async () => {
  await held?.end();
});
