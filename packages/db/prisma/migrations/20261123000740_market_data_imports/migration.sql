-- The admin's market-data imports (the CSV folder the server is configured with): one row per
-- run, its progress and, once done, its report (counts and rejected rows). The partial unique
-- index lets at most one import be queued or running at a time, so a double click (or two
-- admins) starts one import: the second insert conflicts and is told the first one's job.
CREATE TABLE "market_data_imports" (
    "id" SERIAL NOT NULL,
    "requested_by" INTEGER,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "files_done" INTEGER NOT NULL DEFAULT 0,
    "files_total" INTEGER NOT NULL DEFAULT 0,
    "message" TEXT,
    "report" JSONB,
    "error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMPTZ(3),
    CONSTRAINT "market_data_imports_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "market_data_imports_status_check"
        CHECK ("status" IN ('queued', 'running', 'completed', 'failed')),
    CONSTRAINT "market_data_imports_requested_by_fkey" FOREIGN KEY ("requested_by")
        REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE
);

CREATE UNIQUE INDEX "market_data_imports_one_active_key" ON "market_data_imports" ((true))
    WHERE "status" IN ('queued', 'running');
