import {
  countSealedValuesNotUnder,
  listSealedValuesNotUnder,
  replaceSealedValues,
  SEALED_COLUMNS,
  type Db,
  type SealedColumn,
  type SealedValue,
} from '@tradebot/db';
import { aad, type Cipher } from './cipher.js';

type Environment = 'paper' | 'live';

/** The additional data each sealed column was written with (the same calls the services make). */
const ADDITIONAL_DATA: Record<SealedColumn, (context: Record<string, string>) => string> = {
  'users.totp_secret_enc': (c) => aad.totp(c.username ?? ''),
  'broker_credentials.key_enc': (c) =>
    aad.brokerKey(Number(c.user_id), c.environment as Environment),
  'broker_credentials.secret_enc': (c) =>
    aad.brokerSecret(Number(c.user_id), c.environment as Environment),
  'alert_settings.telegram_token_enc': (c) => aad.alertTelegramToken(Number(c.user_id)),
  'alert_settings.webhook_url_enc': (c) => aad.alertWebhookUrl(Number(c.user_id)),
  'mail_outbox.secrets': (c) => aad.mailSecrets(c.message_id ?? ''),
};

export interface RotationProblem {
  column: SealedColumn;
  id: number;
  reason: string;
}

export interface RotationReport {
  /** Values re-sealed under the current key, per column. */
  rotated: Record<SealedColumn, number>;
  /** Values neither key opens: left as they are (the run reports them and fails). */
  unreadable: RotationProblem[];
}

export interface RotationOptions {
  batchSize?: number;
  /** Called after each batch is written, with how many values it changed (progress output; tests stop a run part-way here). */
  onBatch?: (column: SealedColumn, written: number) => void;
}

/**
 * Re-seals every stored secret that is not yet under the cipher's current key (ENCRYPTION_KEY),
 * opening it with the current or the previous key (ENCRYPTION_KEY_PREVIOUS). Each batch is one
 * compare-and-set statement, so a run stopped at any point leaves every value readable under one
 * of the two keys, and the next run picks up exactly what is left: the key id in each value says
 * which key sealed it.
 */
export async function rotateEncryptionKey(
  db: Db,
  cipher: Cipher,
  options: RotationOptions = {},
): Promise<RotationReport> {
  const report: RotationReport = {
    rotated: Object.fromEntries(
      Object.keys(SEALED_COLUMNS).map((name) => [name, 0]),
    ) as RotationReport['rotated'],
    unreadable: [],
  };
  for (const column of Object.keys(SEALED_COLUMNS) as SealedColumn[]) {
    let afterId = 0;
    for (;;) {
      const batch = await listSealedValuesNotUnder(
        db,
        column,
        currentPrefix(cipher),
        afterId,
        options.batchSize ?? 200,
      );
      if (batch.length === 0) break;
      afterId = batch.at(-1)?.id ?? afterId;
      const changes = batch.flatMap((row) => {
        const after = reseal(cipher, column, row, report);
        return after === null ? [] : [{ id: row.id, before: row.value, after }];
      });
      const written = await replaceSealedValues(db, column, changes);
      report.rotated[column] += written.length;
      options.onBatch?.(column, written.length);
    }
  }
  return report;
}

function reseal(cipher: Cipher, column: SealedColumn, row: SealedValue, report: RotationReport) {
  const additionalData = ADDITIONAL_DATA[column](row.context);
  try {
    return cipher.encrypt(cipher.decrypt(row.value, additionalData), additionalData);
  } catch (error) {
    report.unreadable.push({ column, id: row.id, reason: (error as Error).message });
    return null;
  }
}

const currentPrefix = (cipher: Cipher) => `v2.${cipher.keyId}.`;

/** Values not yet under the current key, per column (what a rotation has left). */
export async function valuesLeftToRotate(db: Db, cipher: Cipher) {
  const names = Object.keys(SEALED_COLUMNS) as SealedColumn[];
  const counts = await Promise.all(
    names.map((name) => countSealedValuesNotUnder(db, name, currentPrefix(cipher))),
  );
  return Object.fromEntries(names.map((name, i) => [name, counts[i] ?? 0])) as Record<
    SealedColumn,
    number
  >;
}
