import type { Db } from '../client.js';
import type { UniverseName } from '../market-names.js';
import { inTransaction } from './universe.repo.js';

/**
 * The ML score's models (`ml_models`) and scores (`ml_scores`). A model is written with its
 * scores in one transaction, so a reader sees either the old model and its scores or the new
 * ones, never a model without scores. Dates are trading dates, `YYYY-MM-DD`.
 */

export interface MlModelRecord {
  universe: UniverseName;
  version: string;
  trainedAt: Date;
  asOf: string;
  train: { from: string; to: string };
  test: { from: string; to: string };
  metrics: unknown;
  forest: unknown;
}

/** A stored model without its forest (what the screener's tooltip and the API read). */
export interface MlModelSummary {
  id: number;
  universe: UniverseName;
  version: string;
  trainedAt: Date;
  asOf: string;
  train: { from: string; to: string };
  test: { from: string; to: string };
  metrics: unknown;
}

/** Models kept per universe: the newest few, for comparison; older forests are dropped. */
const KEEP_MODELS = 5;

/**
 * Stores a model and its scores (symbol → score). Training the same version again (same
 * universe and day) replaces it and its scores; models beyond the newest KEEP_MODELS go.
 */
export async function saveMlModel(
  db: Db,
  model: MlModelRecord,
  scores: ReadonlyMap<string, number>,
): Promise<number> {
  return inTransaction(db, async (client) => {
    await client.query(`DELETE FROM "ml_models" WHERE "universe" = $1 AND "version" = $2`, [
      model.universe,
      model.version,
    ]);
    const { rows } = await client.query<{ id: number }>(
      `INSERT INTO "ml_models" ("universe", "version", "trained_at", "as_of", "train_from", "train_to",
         "test_from", "test_to", "metrics", "forest")
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING "id"`,
      [
        model.universe,
        model.version,
        model.trainedAt,
        model.asOf,
        model.train.from,
        model.train.to,
        model.test.from,
        model.test.to,
        JSON.stringify(model.metrics),
        JSON.stringify(model.forest),
      ],
    );
    const id = (rows[0] as { id: number }).id;
    await client.query(
      `INSERT INTO "ml_scores" ("model_id", "symbol", "score")
       SELECT $1, t.* FROM unnest($2::text[], $3::float8[]) AS t("symbol", "score")`,
      [id, [...scores.keys()], [...scores.values()]],
    );
    await client.query(
      `DELETE FROM "ml_models" WHERE "universe" = $1 AND "id" NOT IN (
         SELECT "id" FROM "ml_models" WHERE "universe" = $1
         ORDER BY "trained_at" DESC, "id" DESC LIMIT ${KEEP_MODELS})`,
      [model.universe],
    );
    return id;
  });
}

const day = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The newest model of a universe trained at or before `notAfter` (market time), without its
 * forest; null when none. The bound matters when a market's clock is set back (a demo restarted
 * at an earlier date): a model trained later would score with bars that market has not shown yet.
 */
export async function latestMlModel(
  db: Db,
  universe: UniverseName,
  notAfter: Date,
): Promise<MlModelSummary | null> {
  const row = await db.mlModel.findFirst({
    where: { universe, trainedAt: { lte: notAfter } },
    orderBy: [{ trainedAt: 'desc' }, { id: 'desc' }],
    select: {
      id: true,
      universe: true,
      version: true,
      trainedAt: true,
      asOf: true,
      trainFrom: true,
      trainTo: true,
      testFrom: true,
      testTo: true,
      metrics: true,
    },
  });
  if (row === null) return null;
  return {
    id: row.id,
    universe: row.universe,
    version: row.version,
    trainedAt: row.trainedAt,
    asOf: day(row.asOf),
    train: { from: day(row.trainFrom), to: day(row.trainTo) },
    test: { from: day(row.testFrom), to: day(row.testTo) },
    metrics: row.metrics,
  };
}

/** A model's scores for the given symbols (symbols it did not score are absent). */
export async function mlScoresFor(
  db: Db,
  modelId: number,
  symbols: readonly string[],
): Promise<{ symbol: string; score: number }[]> {
  if (symbols.length === 0) return [];
  const { rows } = await db.pool.query<{ symbol: string; score: number }>(
    `SELECT "symbol", "score" FROM "ml_scores" WHERE "model_id" = $1 AND "symbol" = ANY($2::text[])`,
    [modelId, symbols],
  );
  return rows;
}

/** One listing's bars, oldest first, split- and dividend-adjusted (OHLC × adjusted/close). */
export interface AdjustedBars {
  symbol: string;
  date: string[];
  open: number[];
  high: number[];
  low: number[];
  close: number[];
  volume: number[];
}

/**
 * Every listing's bars of a source up to a date (inclusive), adjusted as `parseDailyCsv` does so
 * that a split is not a crash. One ordered scan; grouping by symbol happens here.
 */
export async function adjustedBarsUpTo(
  db: Db,
  source: UniverseName,
  to: string,
): Promise<AdjustedBars[]> {
  const { rows } = await db.pool.query<{
    symbol: string;
    date: string;
    k: number;
    open: number;
    high: number;
    low: number;
    close: number;
    volume: number;
  }>(
    `SELECT c."symbol", to_char(b."date", 'YYYY-MM-DD') AS "date",
            CASE WHEN b."close" <> 0 THEN b."adjusted_close" / b."close" ELSE 1 END AS "k",
            b."open", b."high", b."low", b."adjusted_close" AS "close", b."volume"::float8 AS "volume"
     FROM "daily_bars" b JOIN "companies" c ON c."id" = b."company_id"
     WHERE c."source" = $1 AND b."date" <= $2::date
     ORDER BY c."symbol", b."date"`,
    [source, to],
  );
  const out: AdjustedBars[] = [];
  let current: AdjustedBars | undefined;
  for (const r of rows) {
    if (current?.symbol !== r.symbol) {
      current = { symbol: r.symbol, date: [], open: [], high: [], low: [], close: [], volume: [] };
      out.push(current);
    }
    current.date.push(r.date);
    current.open.push(r.open * r.k);
    current.high.push(r.high * r.k);
    current.low.push(r.low * r.k);
    current.close.push(r.close);
    current.volume.push(r.volume);
  }
  return out;
}
