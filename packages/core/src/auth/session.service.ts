import {
  createSession,
  findLiveFullSessionIds,
  findSession,
  revokeSession,
  touchSession,
} from '@tradebot/db';
import type { ServiceDeps } from '../deps.js';
import { generateToken, hashToken } from '../security/tokens.js';
import type { SessionInfo, TemporaryPurpose } from '../types.js';

/**
 * Full sessions expire after 2 h without use or 7 days after sign-in, whichever comes first;
 * refreshing rotates the token but keeps the absolute expiry. Temporary sessions (a 2FA step)
 * live 10 minutes and can do one thing.
 */
export const SESSION_POLICY = {
  idleMs: 2 * 60 * 60 * 1000,
  absoluteMs: 7 * 24 * 60 * 60 * 1000,
  temporaryMs: 10 * 60 * 1000,
  /** lastUsedAt is written at most this often, so reads don't each cost a write. */
  touchEveryMs: 60 * 1000,
};

export function sessionService(deps: Pick<ServiceDeps, 'db' | 'now'>) {
  const { db, now } = deps;

  async function issue(
    userId: number,
    kind: 'full' | 'temporary',
    purpose: TemporaryPurpose | null,
    expiresAt?: Date,
  ): Promise<string> {
    const token = generateToken();
    const ttl = kind === 'full' ? SESSION_POLICY.absoluteMs : SESSION_POLICY.temporaryMs;
    await createSession(db, {
      id: hashToken(token),
      userId,
      kind,
      purpose,
      expiresAt: expiresAt ?? new Date(now().getTime() + ttl),
      createdAt: now(),
    });
    return token;
  }

  /**
   * The live session behind a token, or null. `touch: false` checks without counting as use
   * (a websocket re-checking its session must not keep it from idling out).
   */
  async function authenticate(
    token: string,
    options: { touch?: boolean } = {},
  ): Promise<SessionInfo | null> {
    const id = hashToken(token);
    const found = await findSession(db, id);
    if (!found) return null;
    const at = now().getTime();
    const idleExpired =
      found.kind === 'full' && found.lastUsedAt.getTime() + SESSION_POLICY.idleMs <= at;
    if (found.expiresAt.getTime() <= at || idleExpired) return null;
    // Idle expiry needs lastUsedAt only to the minute, so reads write at most once a minute.
    if (options.touch !== false && at - found.lastUsedAt.getTime() >= SESSION_POLICY.touchEveryMs)
      await touchSession(db, id, new Date(at), new Date(at - SESSION_POLICY.touchEveryMs));
    const { username, isAdmin, isOnboarded, ...account } = found.user;
    return {
      id,
      userId: found.userId,
      username,
      kind: found.kind,
      purpose: (found.purpose as TemporaryPurpose | null) ?? null,
      isAdmin,
      isOnboarded,
      expiresAt: found.expiresAt,
      account: { ...account, subscription: found.subscription },
    };
  }

  /**
   * Which of `tokens` belong to live full sessions, in one query, without counting as use (the
   * websocket hub's per-event re-check); the same expiry rules as `authenticate`.
   */
  async function liveFullTokens(tokens: string[]): Promise<Set<string>> {
    const byHash = new Map(tokens.map((token) => [hashToken(token), token]));
    const at = now().getTime();
    const live = await findLiveFullSessionIds(
      db,
      [...byHash.keys()],
      at,
      at - SESSION_POLICY.idleMs,
    );
    return new Set([...live].map((id) => byHash.get(id)!));
  }

  return {
    liveFullTokens,
    issueFull: (userId: number, expiresAt?: Date) => issue(userId, 'full', null, expiresAt),
    issueTemporary: (userId: number, purpose: TemporaryPurpose) =>
      issue(userId, 'temporary', purpose),
    authenticate,
    revoke: (sessionId: string) => revokeSession(db, sessionId),
  };
}

export type SessionService = ReturnType<typeof sessionService>;
