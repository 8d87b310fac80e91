import type { Db } from '../client.js';
import type { MarketName } from '../market-names.js';

export interface NewSession {
  /** SHA-256 of the token. */
  id: string;
  userId: number;
  kind: 'full' | 'temporary';
  purpose: string | null;
  expiresAt: Date;
  /** Creation time from the caller's clock (idle expiry counts from it). */
  createdAt: Date;
}

export async function createSession(db: Db, session: NewSession) {
  await db.session.create({
    data: { ...session, lastUsedAt: session.createdAt },
    select: { id: true },
  });
}

type Plan = 'trial' | 'basic' | 'premium';
type PlanStatus = 'trialing' | 'active' | 'pending_payment' | 'canceled' | 'expired';

interface SessionRow {
  user_id: number;
  kind: 'full' | 'temporary';
  purpose: string | null;
  last_used_ms: number;
  expires_ms: number;
  username: string;
  email: string;
  is_admin: boolean;
  is_onboarded: boolean;
  is_verified: boolean;
  has_2fa: boolean;
  alpaca_environment: 'paper' | 'live';
  market: MarketName;
  plan: Plan | null;
  plan_status: PlanStatus | null;
  trial_ends_ms: number | null;
  period_end_ms: number | null;
}

/**
 * Every authenticated request runs this, so it is one round trip: the session with what
 * authorization and GET /api/status need of its user and plan. It goes through node-postgres
 * as a named (prepared once per connection) statement: through Prisma, the same read was two
 * queries joined in memory at ~1 ms of CPU. Times come as epoch milliseconds because the
 * columns are UTC `timestamp`s, which node-postgres would otherwise read as local time.
 */
const FIND_SESSION = {
  name: 'sessions.find',
  text: `SELECT s.user_id, s.kind::text AS kind, s.purpose,
      (extract(epoch FROM s.last_used_at) * 1000)::float8 AS last_used_ms,
      (extract(epoch FROM s.expires_at) * 1000)::float8 AS expires_ms,
      u.username, u.email, u.is_admin, u.is_onboarded, u.is_verified,
      u.totp_secret_enc IS NOT NULL AS has_2fa, u.alpaca_environment::text AS alpaca_environment,
      u.market::text AS market,
      p.plan::text AS plan, p.status::text AS plan_status,
      (extract(epoch FROM p.trial_ends_at) * 1000)::float8 AS trial_ends_ms,
      (extract(epoch FROM p.current_period_end) * 1000)::float8 AS period_end_ms
    FROM sessions s
    JOIN users u ON u.id = s.user_id
    LEFT JOIN subscriptions p ON p.user_id = s.user_id
    WHERE s.id = $1 AND s.revoked_at IS NULL`,
};

const dateOrNull = (ms: number | null) => (ms === null ? null : new Date(ms));

/** A session that has not been revoked, with its user's profile and plan as of this read. */
export async function findSession(db: Db, id: string) {
  const { rows } = await db.pool.query<SessionRow>({ ...FIND_SESSION, values: [id] });
  const row = rows[0];
  if (!row) return null;
  return {
    userId: row.user_id,
    kind: row.kind,
    purpose: row.purpose,
    lastUsedAt: new Date(row.last_used_ms),
    expiresAt: new Date(row.expires_ms),
    user: {
      username: row.username,
      email: row.email,
      isAdmin: row.is_admin,
      isOnboarded: row.is_onboarded,
      isVerified: row.is_verified,
      has2fa: row.has_2fa,
      alpacaEnvironment: row.alpaca_environment,
      market: row.market,
    },
    subscription:
      row.plan && row.plan_status
        ? {
            plan: row.plan,
            status: row.plan_status,
            trialEndsAt: dateOrNull(row.trial_ends_ms),
            currentPeriodEnd: dateOrNull(row.period_end_ms),
          }
        : null,
  };
}

/**
 * Records use for idle expiry, only if the last record is at or before `staleBefore`: requests
 * that race past the caller's check then write once, not once each.
 */
export async function touchSession(db: Db, id: string, at: Date, staleBefore: Date) {
  const { count } = await db.session.updateMany({
    where: { id, lastUsedAt: { lte: staleBefore } },
    data: { lastUsedAt: at },
  });
  return count;
}

export async function revokeSession(db: Db, id: string) {
  await db.session.updateMany({ where: { id, revokedAt: null }, data: { revokedAt: new Date() } });
}

export async function revokeUserSessions(db: Db, userId: number) {
  await db.session.updateMany({
    where: { userId, revokedAt: null },
    data: { revokedAt: new Date() },
  });
}

export async function deleteExpiredSessions(db: Db, before: Date) {
  const { count } = await db.session.deleteMany({ where: { expiresAt: { lt: before } } });
  return count;
}

const LIVE_FULL_SESSIONS = {
  name: 'sessions.liveFull',
  text: `SELECT id FROM sessions
    WHERE id = ANY($1::text[]) AND revoked_at IS NULL AND kind = 'full'
      AND (extract(epoch FROM expires_at) * 1000)::float8 > $2
      AND (extract(epoch FROM last_used_at) * 1000)::float8 > $3`,
};

/**
 * Of the given session ids, those of full sessions still live at `atMs`: not revoked, not past
 * their expiry, used after `usedAfterMs` (idle expiry). One round trip for many ids (the
 * websocket hub re-checks every socket an event goes to).
 */
export async function findLiveFullSessionIds(
  db: Db,
  ids: string[],
  atMs: number,
  usedAfterMs: number,
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const { rows } = await db.pool.query<{ id: string }>({
    ...LIVE_FULL_SESSIONS,
    values: [ids, atMs, usedAfterMs],
  });
  return new Set(rows.map((row) => row.id));
}
