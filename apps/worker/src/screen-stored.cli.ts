import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { ZScreeningCriteria, asScreenCriteria } from '@tradebot/api-contract';
import { createCoreRuntime, screenStoredUniverse } from '@tradebot/core';
import { loadEnv } from './env.js';

/**
 * Screens a stored universe once, as the screener job reads and filters it:
 *   npm run screen-stored -w @tradebot/worker -- <demo|csv|alpaca> [--criteria '{json}']
 * (criteria default: the product's). Prints `RESULT {json}` with the query and filter times (the
 * bench `bench/metrics-refresh.ts` reads it).
 */
const { values, positionals } = parseArgs({
  options: { criteria: { type: 'string' } },
  allowPositionals: true,
});
const universe = positionals[0];
if (universe !== 'demo' && universe !== 'csv' && universe !== 'alpaca') {
  console.error(`Usage: screen-stored <demo|csv|alpaca> [--criteria '{"max_rsi": 60}']`);
  process.exit(1);
}

if (existsSync('.env')) process.loadEnvFile('.env');
const env = loadEnv();
const runtime = await createCoreRuntime(env);
try {
  const criteria = asScreenCriteria(ZScreeningCriteria.parse(JSON.parse(values.criteria ?? '{}')));
  const result = await screenStoredUniverse(runtime.db, universe, criteria);
  console.log(`RESULT ${JSON.stringify({ universe, ...result })}`);
} catch (error) {
  console.error(`Screen failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await runtime.close();
}
