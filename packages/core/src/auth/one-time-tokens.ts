import { createOneTimeToken } from '@tradebot/db';
import type { ServiceDeps } from '../deps.js';
import { generateToken, hashToken } from '../security/tokens.js';

export const RESET_TTL_MS = 30 * 60 * 1000;
export const VERIFY_TTL_MS = 24 * 60 * 60 * 1000;

/** Issues a single-use emailed token (only its hash is stored) and returns the token itself. */
export async function issueOneTimeToken(
  deps: Pick<ServiceDeps, 'db' | 'now'>,
  userId: number,
  kind: 'password_reset' | 'email_verify',
  ttlMs: number,
) {
  const token = generateToken();
  await createOneTimeToken(deps.db, {
    userId,
    kind,
    tokenHash: hashToken(token),
    expiresAt: new Date(deps.now().getTime() + ttlMs),
  });
  return token;
}
