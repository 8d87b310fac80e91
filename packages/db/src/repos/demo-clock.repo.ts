import type { Db } from '../client.js';

/**
 * The wall-clock origin of the demo clock for one DEMO_CLOCK_START (`demo_clock_origins`): the
 * first process of a deployment inserts `candidate`, every later one gets the stored value.
 */
export async function claimDemoClockOrigin(
  db: Db,
  clockStart: Date,
  candidate: Date,
): Promise<Date> {
  // Two processes starting at once: the loser's INSERT waits for the winner's commit and returns
  // nothing, and its SELECT may still run on the snapshot taken before that commit; a second
  // try then sees the row.
  for (let attempt = 0; attempt < 3; attempt++) {
    const { rows } = await db.pool.query<{ wall_origin: Date }>(
      `WITH inserted AS (
         INSERT INTO "demo_clock_origins" ("clock_start", "wall_origin") VALUES ($1, $2)
         ON CONFLICT ("clock_start") DO NOTHING RETURNING "wall_origin")
       SELECT "wall_origin" FROM inserted
       UNION ALL SELECT "wall_origin" FROM "demo_clock_origins" WHERE "clock_start" = $1
       LIMIT 1`,
      [clockStart, candidate],
    );
    if (rows[0]) return rows[0].wall_origin;
  }
  throw new Error('demo clock origin: neither inserted nor found');
}

/**
 * Skips the demo market ahead: moves the stored wall origin earlier by `byMs` of wall time, so
 * every process that re-joins the time line (core's demo clock sync) shows a later market time.
 */
export async function shiftDemoClockOrigin(db: Db, clockStart: Date, byMs: number): Promise<void> {
  await db.pool.query(
    `UPDATE "demo_clock_origins" SET "wall_origin" = "wall_origin" - make_interval(secs => $2)
      WHERE "clock_start" = $1`,
    [clockStart, byMs / 1000],
  );
}
