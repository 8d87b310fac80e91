-- Step 7: the strategy settings flow (backtesting list → Optimized Parameters → Final Trading
-- List) and the backtest jobs that move stocks along it.

-- A user's general trading settings (spec §3 "General trading settings", §9 defaults and
-- bounds) as JSON, validated by the api-contract schema on the way in and out; no row means
-- the defaults. per_stock_settings are not stored here: they are the Final Trading List.
CREATE TABLE "trading_settings" (
    "user_id" INTEGER NOT NULL,
    "settings" JSONB NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "trading_settings_pkey" PRIMARY KEY ("user_id"),
    CONSTRAINT "trading_settings_user_id_fkey" FOREIGN KEY ("user_id")
        REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- "Reset to original values" restores what the backtest produced (or the §9 defaults for a
-- stock saved straight from the screener): kept beside the editable parameters, and carried
-- with the row when it moves to the Final Trading List and back.
ALTER TABLE "optimized_parameters" ADD COLUMN "original_parameters" JSONB;
ALTER TABLE "final_trading_list_entries" ADD COLUMN "original_parameters" JSONB;
ALTER TABLE "final_trading_list_entries" ADD COLUMN "profit" DOUBLE PRECISION;

-- Undo: the symbols of the user's last move to the Final Trading List (one level; cleared by
-- the undo itself).
CREATE TABLE "final_list_undo" (
    "user_id" INTEGER NOT NULL,
    "symbols" TEXT[] NOT NULL,
    "moved_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "final_list_undo_pkey" PRIMARY KEY ("user_id"),
    CONSTRAINT "final_list_undo_user_id_fkey" FOREIGN KEY ("user_id")
        REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- One row per backtest of one symbol (POST /api/run-backtester): created before its job is
-- queued, so the job id is deterministic (backtest-{user}-{run}) and a second click finds the
-- active run. `batch_id` groups the runs a user queued while any of them was active (the
-- progress "completed of total"); `settings` is the backtest settings as they were at request
-- time, `universe` the market the symbol is read from (the worker has no session).
CREATE TABLE "backtest_runs" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "symbol" TEXT NOT NULL,
    "batch_id" INTEGER NOT NULL,
    "universe" "UniverseSource" NOT NULL,
    "settings" JSONB NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "phase" TEXT,
    "error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "started_at" TIMESTAMPTZ(3),
    "finished_at" TIMESTAMPTZ(3),
    CONSTRAINT "backtest_runs_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "backtest_runs_status_check"
        CHECK ("status" IN ('queued', 'running', 'completed', 'failed')),
    CONSTRAINT "backtest_runs_user_id_fkey" FOREIGN KEY ("user_id")
        REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "backtest_runs_user_id_batch_id_idx" ON "backtest_runs"("user_id", "batch_id");
-- At most one active run per (user, symbol): a double click or a retried request cannot queue
-- the same backtest twice (the loser of a race reads the winner's row).
CREATE UNIQUE INDEX "backtest_runs_one_active_per_symbol"
    ON "backtest_runs"("user_id", "symbol") WHERE "status" IN ('queued', 'running');

-- The latest completed backtest of each (user, symbol): what the detail view shows (figures,
-- verdict, equity curves, trades, bars), written in the same transaction as the Optimized
-- Parameters entry. `result` is validated by api-contract's ZBacktestResult.
CREATE TABLE "backtest_results" (
    "user_id" INTEGER NOT NULL,
    "symbol" TEXT NOT NULL,
    "run_id" INTEGER NOT NULL,
    "result" JSONB NOT NULL,
    "completed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "backtest_results_pkey" PRIMARY KEY ("user_id", "symbol"),
    CONSTRAINT "backtest_results_user_id_fkey" FOREIGN KEY ("user_id")
        REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "backtest_results_run_id_fkey" FOREIGN KEY ("run_id")
        REFERENCES "backtest_runs"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
