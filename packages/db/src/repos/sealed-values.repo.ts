import type { Db } from '../client.js';

/**
 * Every column that holds a value sealed by core's cipher (security/cipher.ts), with the columns
 * its additional data is built from. A key rotation walks these; the rotation test checks the list
 * against the schema's `*_enc` columns, so a new secret column cannot be missed.
 */
export const SEALED_COLUMNS = {
  'users.totp_secret_enc': {
    table: 'users',
    id: 'id',
    column: 'totp_secret_enc',
    context: ['username'],
  },
  'broker_credentials.key_enc': {
    table: 'broker_credentials',
    id: 'id',
    column: 'key_enc',
    context: ['user_id', 'environment'],
  },
  'broker_credentials.secret_enc': {
    table: 'broker_credentials',
    id: 'id',
    column: 'secret_enc',
    context: ['user_id', 'environment'],
  },
  'alert_settings.telegram_token_enc': {
    table: 'alert_settings',
    id: 'user_id',
    column: 'telegram_token_enc',
    context: ['user_id'],
  },
  'alert_settings.webhook_url_enc': {
    table: 'alert_settings',
    id: 'user_id',
    column: 'webhook_url_enc',
    context: ['user_id'],
  },
  'mail_outbox.secrets': {
    table: 'mail_outbox',
    id: 'id',
    column: 'secrets',
    context: ['message_id'],
  },
} as const;

export type SealedColumn = keyof typeof SEALED_COLUMNS;

export interface SealedValue {
  id: number;
  value: string;
  /** The context columns' values as text (e.g. { user_id: '7', environment: 'paper' }). */
  context: Record<string, string>;
}

/**
 * Up to `limit` values of one column, in id order after `afterId`, that do not start with
 * `currentPrefix` (the current key's `v2.<key id>.`): what a rotation has left to do there.
 * Names come from SEALED_COLUMNS only, never from input.
 */
export async function listSealedValuesNotUnder(
  db: Db,
  name: SealedColumn,
  currentPrefix: string,
  afterId: number,
  limit: number,
): Promise<SealedValue[]> {
  const { table, id, column, context } = SEALED_COLUMNS[name];
  const contextSql = context.map((field) => `${field}::text AS "ctx_${field}"`).join(', ');
  const { rows } = await db.pool.query<Record<string, string | number>>(
    `SELECT ${id} AS id, ${column} AS value, ${contextSql} FROM ${table}
      WHERE ${column} IS NOT NULL AND left(${column}, length($1)) <> $1 AND ${id} > $2
      ORDER BY ${id} LIMIT $3`,
    [currentPrefix, afterId, limit],
  );
  return rows.map((row) => ({
    id: Number(row.id),
    value: String(row.value),
    context: Object.fromEntries(context.map((field) => [field, String(row[`ctx_${field}`])])),
  }));
}

/**
 * Replaces sealed values in one statement (one commit for the batch), each only if it still reads
 * what was read (the app may have written a fresh one under the new key meanwhile, which must
 * win). Returns the ids changed; updated_at is left alone, since the secrets themselves did not
 * change.
 */
export async function replaceSealedValues(
  db: Db,
  name: SealedColumn,
  changes: readonly { id: number; before: string; after: string }[],
): Promise<number[]> {
  if (changes.length === 0) return [];
  const { table, id, column } = SEALED_COLUMNS[name];
  const { rows } = await db.pool.query<{ id: number }>(
    `UPDATE ${table} AS t SET ${column} = v.after
       FROM unnest($1::int[], $2::text[], $3::text[]) AS v(id, before, after)
      WHERE t.${id} = v.id AND t.${column} = v.before
      RETURNING t.${id} AS id`,
    [changes.map((c) => c.id), changes.map((c) => c.before), changes.map((c) => c.after)],
  );
  return rows.map((row) => Number(row.id));
}

/** How many values of one column are not under `currentPrefix`. */
export async function countSealedValuesNotUnder(
  db: Db,
  name: SealedColumn,
  currentPrefix: string,
): Promise<number> {
  const { table, column } = SEALED_COLUMNS[name];
  const { rows } = await db.pool.query<{ count: string }>(
    `SELECT count(*) AS count FROM ${table}
      WHERE ${column} IS NOT NULL AND left(${column}, length($1)) <> $1`,
    [currentPrefix],
  );
  return Number(rows[0]?.count ?? 0);
}
