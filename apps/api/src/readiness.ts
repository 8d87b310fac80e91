import { pendingMigrations, type Db } from '@tradebot/db';

export interface Readiness {
  ready: boolean;
  database: 'ok' | 'unreachable';
  redis: 'ok' | 'unreachable';
  /** Migrations this release has that the database has not applied (none when ready). */
  pending_migrations: number | null;
}

/** Bounds each check, so a hung connection answers "unreachable" rather than never. */
function within<T>(ms: number, work: Promise<T>): Promise<T> {
  return Promise.race([
    work,
    new Promise<never>((_, fail) => setTimeout(() => fail(new Error('timed out')), ms).unref()),
  ]);
}

/**
 * GET /readyz: whether this process can serve — PostgreSQL answers, Redis answers, and every
 * migration of this release is applied. /healthz only says the process is alive.
 */
export function readinessCheck(
  deps: { db: Pick<Db, 'pool'>; redis: { ping(): Promise<string> } },
  timeoutMs = 2_000,
) {
  return async (): Promise<Readiness> => {
    const [pending, redis] = await Promise.all([
      within(timeoutMs, pendingMigrations(deps.db.pool)).then(
        (names) => names.length,
        () => null,
      ),
      within(timeoutMs, deps.redis.ping()).then(
        (answer) => answer === 'PONG',
        () => false,
      ),
    ]);
    return {
      ready: pending === 0 && redis,
      database: pending === null ? 'unreachable' : 'ok',
      redis: redis ? 'ok' : 'unreachable',
      pending_migrations: pending,
    };
  };
}
