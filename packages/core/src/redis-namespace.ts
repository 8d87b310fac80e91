import { deploymentId, type Db } from '@tradebot/db';

/**
 * The deployment's Redis namespace for websocket event channels and rate-limit keys:
 * REDIS_PREFIX, or a name from the random id stored in its database (`deployment`). Redis
 * pub/sub ignores the database index, and two deployments' DATABASE_URL may read the same (two
 * compose stacks at db:5432/tradebot), so only the database's own id keeps their users' events
 * apart. API and worker of one deployment read the same row and agree.
 */
export async function deploymentNamespace(
  db: Db,
  env: { REDIS_PREFIX?: string | undefined },
): Promise<string> {
  if (env.REDIS_PREFIX) return env.REDIS_PREFIX;
  const id = await deploymentId(db);
  return `tb-${id.replace(/-/g, '').slice(0, 16)}`;
}
