import type { Queryable } from '../client.js';

/** One stored version of the Final Trading List and the trading settings in force. */
export interface FinalListVersionRow {
  at: Date;
  entries: { symbol: string; parameters: unknown }[];
  settings: unknown;
}

/**
 * Stores the user's Final Trading List (A to Z) and trading settings as they are, stamped `at`
 * (the active market's time), unless they equal the last stored version. Run it in the
 * transaction that changed them, after the change.
 */
export async function recordFinalListVersion(db: Queryable, userId: number, at: Date) {
  await db.$executeRaw`
    WITH cur AS (
      SELECT
        COALESCE((SELECT jsonb_agg(jsonb_build_object('symbol', symbol, 'parameters', parameters)
                   ORDER BY symbol)
                  FROM final_trading_list_entries WHERE user_id = ${userId}), '[]'::jsonb) AS entries,
        COALESCE((SELECT settings::jsonb FROM trading_settings WHERE user_id = ${userId}),
                 '{}'::jsonb) AS settings),
    last AS (
      SELECT entries, settings FROM final_list_versions
      WHERE user_id = ${userId} ORDER BY id DESC LIMIT 1)
    INSERT INTO final_list_versions (user_id, at, entries, settings)
    SELECT ${userId}, ${at}, cur.entries, cur.settings FROM cur
    WHERE NOT EXISTS (
      SELECT 1 FROM last WHERE last.entries = cur.entries AND last.settings = cur.settings)`;
}

/** The user's stored versions, oldest first. */
export async function listFinalListVersions(
  db: Queryable,
  userId: number,
): Promise<FinalListVersionRow[]> {
  const rows = await db.finalListVersion.findMany({
    where: { userId },
    select: { at: true, entries: true, settings: true },
    orderBy: { id: 'asc' },
  });
  return rows.map((row) => ({
    at: row.at,
    entries: Array.isArray(row.entries)
      ? (row.entries as { symbol: string; parameters: unknown }[])
      : [],
    settings: row.settings,
  }));
}
