-- The screener's ML score (issue 10, Step 6): a random forest trained by the worker on
-- point-in-time features of a universe's daily bars, validated on held-out later months against
-- 12-1 month momentum. One row per trained model: its universe, a version (feature set and
-- training date), when it was trained in market time, the date of the cross-section it scored,
-- the training and held-out windows of the validation, the measured figures (metrics JSON) and
-- the forest itself (JSON), so a score can always be traced to the model and data behind it.
CREATE TABLE "ml_models" (
    "id" SERIAL NOT NULL,
    "universe" "UniverseSource" NOT NULL,
    "version" TEXT NOT NULL,
    "trained_at" TIMESTAMPTZ(3) NOT NULL,
    "as_of" DATE NOT NULL,
    "train_from" DATE NOT NULL,
    "train_to" DATE NOT NULL,
    "test_from" DATE NOT NULL,
    "test_to" DATE NOT NULL,
    "metrics" JSONB NOT NULL,
    "forest" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ml_models_pkey" PRIMARY KEY ("id")
);

-- A retrain on the same day replaces that day's model; "the latest model" is an index read.
CREATE UNIQUE INDEX "ml_models_universe_version_key" ON "ml_models"("universe", "version");
CREATE INDEX "ml_models_universe_trained_at_idx" ON "ml_models"("universe", "trained_at");

-- A model's score for each stock of its universe's latest cross-section: the percentile (0–100)
-- of the model's prediction among that day's scored stocks. Keyed by symbol within the model's
-- universe (the screener looks scores up by symbol), so scoring needs no companies row.
CREATE TABLE "ml_scores" (
    "model_id" INTEGER NOT NULL,
    "symbol" TEXT NOT NULL,
    "score" DOUBLE PRECISION NOT NULL,
    CONSTRAINT "ml_scores_pkey" PRIMARY KEY ("model_id", "symbol")
);

ALTER TABLE "ml_scores" ADD CONSTRAINT "ml_scores_model_id_fkey" FOREIGN KEY ("model_id")
    REFERENCES "ml_models"("id") ON DELETE CASCADE ON UPDATE CASCADE;
