/**
 * How many test files run at once (`TEST_WORKERS`, default 4), and which slot a file runs in:
 * vitest's pool id, 1 to that number, never held by two running files at once.
 */
export function testWorkers(env: NodeJS.ProcessEnv = process.env): number {
  const workers = Number(env.TEST_WORKERS ?? 4);
  return Number.isInteger(workers) && workers >= 1 ? workers : 4;
}

export function slotOf(env: NodeJS.ProcessEnv): number {
  const slot = Number(env.VITEST_POOL_ID ?? 1);
  if (!Number.isInteger(slot) || slot < 1 || slot > testWorkers(env))
    throw new Error(`No test slot for pool id ${env.VITEST_POOL_ID}`);
  return slot;
}

/**
 * How many copies of the product the browser tests run side by side (`E2E_DEPLOYMENTS`, default
 * one per test worker, so browser files never wait for a copy: see sequencer.ts).
 */
export function e2eDeployments(env: NodeJS.ProcessEnv = process.env): number {
  const count = Number(env.E2E_DEPLOYMENTS ?? testWorkers(env));
  return Number.isInteger(count) && count >= 1 ? count : testWorkers(env);
}
