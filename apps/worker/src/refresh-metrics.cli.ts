import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { createCoreRuntime } from '@tradebot/core';
import { ensureDatabase, migrate } from '@tradebot/db';
import { loadEnv } from './env.js';

/**
 * Refreshes a universe's technical metrics in this process, the same service call the worker's
 * job makes (without the queue):
 *   npm run refresh-metrics -w @tradebot/worker -- <demo|csv> [--as-of YYYY-MM-DD] [--batch N]
 * Prints a line per batch and, last, `RESULT {json}` with the refresh's wall time (the bench
 * `bench/metrics-refresh.ts` reads it).
 */
const { values, positionals } = parseArgs({
  options: { 'as-of': { type: 'string' }, batch: { type: 'string' } },
  allowPositionals: true,
});
const universe = positionals[0];
if (universe !== 'demo' && universe !== 'csv') {
  console.error('Usage: refresh-metrics <demo|csv> [--as-of YYYY-MM-DD] [--batch N]');
  process.exit(1);
}

if (existsSync('.env')) process.loadEnvFile('.env');
const env = loadEnv();
await ensureDatabase(env.DATABASE_URL);
await migrate(env.DATABASE_URL);
const runtime = await createCoreRuntime(env);
try {
  await runtime.ready();
  const asOf = values['as-of'] ?? (await runtime.services.metrics.asOfFor(universe));
  if (asOf === null) throw new Error(`The ${universe} universe has no bars.`);
  const started = performance.now();
  const report = await runtime.services.metrics.refresh(universe, asOf, {
    batchSize: values.batch ? Number(values.batch) : env.METRICS_BATCH_SIZE,
    onBatch: (done) =>
      console.log(
        `[metrics] ${universe} ${asOf}: ${done.completed}/${done.total} (batch ${Math.round(done.ms)} ms)`,
      ),
  });
  const ms = performance.now() - started;
  console.log(`RESULT ${JSON.stringify({ universe, as_of: asOf, ...report, ms })}`);
} catch (error) {
  console.error(`Metrics refresh failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await runtime.close();
}
