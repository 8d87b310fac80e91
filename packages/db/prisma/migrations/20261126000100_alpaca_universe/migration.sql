-- The Alpaca universe (companies of source 'alpaca', loaded from Alpaca's assets and daily bars).
-- Broker flags of an asset (null for sources that do not say), and what a resumable load needs:
-- `bars_through`, the last session whose bars of the listing are stored (a load continues each
-- listing from there), and `delisted_at`, set when a listing leaves the broker's active list (the
-- row and its bars stay, so users' lists, backtests and held positions keep their history; the
-- explorer and the screener leave it out; it is cleared if the asset comes back).
ALTER TABLE "companies"
    ADD COLUMN "shortable" BOOLEAN,
    ADD COLUMN "easy_to_borrow" BOOLEAN,
    ADD COLUMN "fractionable" BOOLEAN,
    ADD COLUMN "bars_through" DATE,
    ADD COLUMN "delisted_at" TIMESTAMPTZ(3);

-- One row per load of the Alpaca universe (up to one session): its status, progress (listings
-- whose bars reach the session / listings) and report. At most one is queued or running, as for
-- the CSV imports; `session` is the last completed session the load brings every listing to.
CREATE TABLE "alpaca_universe_loads" (
    "id" SERIAL NOT NULL,
    "session" DATE NOT NULL,
    "requested_by" INTEGER,
    -- Whose saved Alpaca keys the load used when the deployment has no data key (never the keys).
    "key_user_id" INTEGER,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "symbols_done" INTEGER NOT NULL DEFAULT 0,
    "symbols_total" INTEGER NOT NULL DEFAULT 0,
    "message" TEXT,
    "report" JSONB,
    "error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMPTZ(3),
    CONSTRAINT "alpaca_universe_loads_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "alpaca_universe_loads_status_check"
        CHECK ("status" IN ('queued', 'running', 'completed', 'failed')),
    CONSTRAINT "alpaca_universe_loads_requested_by_fkey" FOREIGN KEY ("requested_by")
        REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "alpaca_universe_loads_key_user_id_fkey" FOREIGN KEY ("key_user_id")
        REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE
);

CREATE UNIQUE INDEX "alpaca_universe_loads_one_active_key" ON "alpaca_universe_loads" ((true))
    WHERE "status" IN ('queued', 'running');

-- A screener run's count of listings lacking each active criterion's value, so the output can
-- name criteria the universe has no data for (e.g. fundamentals without FMP or a CSV row).
ALTER TABLE "screener_runs" ADD COLUMN "missing_by_criterion" JSONB;
