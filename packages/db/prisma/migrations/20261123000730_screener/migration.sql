-- Per-user custom screening templates (spec §3: custom templates are the ones without a
-- description; the built-ins live in code, api-contract's screening-templates.ts). A name is
-- unique per user, so saving under an existing name overwrites it.
CREATE TABLE "screening_templates" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "criteria" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "screening_templates_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "screening_templates_user_id_fkey" FOREIGN KEY ("user_id")
        REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "screening_templates_user_id_name_key" ON "screening_templates"("user_id", "name");

-- One row per screener run (POST /api/run-screener): created before its job is queued, so the
-- job id is deterministic (screener-{user}-{run}) and a second click finds the active run.
-- `universe` is the companies.source the user's market read at request time (the worker has no
-- session). Results are the passing rows as shown (symbol, company, domain, price, RSI, ATR,
-- MACD), stored in one write with the run's completion.
CREATE TABLE "screener_runs" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "universe" "UniverseSource" NOT NULL,
    "criteria" JSONB NOT NULL,
    "template_name" TEXT,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "results" JSONB,
    "total" INTEGER,
    "excluded_for_missing_data" INTEGER,
    "market_as_of" TIMESTAMPTZ(3),
    "error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMPTZ(3),
    CONSTRAINT "screener_runs_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "screener_runs_status_check"
        CHECK ("status" IN ('queued', 'running', 'completed', 'failed')),
    CONSTRAINT "screener_runs_user_id_fkey" FOREIGN KEY ("user_id")
        REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "screener_runs_user_id_created_at_idx" ON "screener_runs"("user_id", "created_at");
-- At most one active run per user: two concurrent clicks cannot both create one (the loser of
-- the race reads the winner's row).
CREATE UNIQUE INDEX "screener_runs_one_active_per_user"
    ON "screener_runs"("user_id") WHERE "status" IN ('queued', 'running');
