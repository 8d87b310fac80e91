import type { Deployment } from './server.global.js';

/** The deployment this browser test file holds (slot.setup.ts takes it before any test runs). */
let current: Deployment | undefined;

export function holdDeployment(held: Deployment): void {
  current = held;
}

export function deployment(): Deployment {
  if (!current) throw new Error('No deployment held: e2e/slot.setup.ts runs before each file');
  return current;
}
