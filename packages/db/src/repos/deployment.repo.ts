import type { Db } from '../client.js';

/**
 * The deployment's id (`deployment`, one row created by its migration). A database emptied by
 * hand gets a new row here, so a reader never comes back empty-handed.
 */
export async function deploymentId(db: Db): Promise<string> {
  // As with the demo clock origin: a concurrent insert may be invisible to this statement's
  // snapshot, and a second try sees it.
  for (let attempt = 0; attempt < 3; attempt++) {
    const { rows } = await db.pool.query<{ id: string }>(
      `WITH inserted AS (
         INSERT INTO "deployment" DEFAULT VALUES ON CONFLICT ("one") DO NOTHING RETURNING "id")
       SELECT "id" FROM inserted
       UNION ALL SELECT "id" FROM "deployment"
       LIMIT 1`,
    );
    if (rows[0]) return rows[0].id;
  }
  throw new Error('deployment id: neither inserted nor found');
}
