-- The broker's order of fills: a sortable key of the full-precision execution time (Alpaca's
-- transaction_time has microseconds or more) with a bracket parent's fill before its legs'.
-- Fills within one millisecond are replayed by it instead of by the activity id.
ALTER TABLE "bot_fills" ADD COLUMN "seq" TEXT;

-- Cash the broker credited or charged outside trades (Alpaca's DIV… activities): the account
-- history, stored once each per broker activity id.
CREATE TABLE "bot_cash_activities" (
    "id" BIGSERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "broker_activity_id" TEXT NOT NULL,
    "activity_type" TEXT NOT NULL,
    "symbol" TEXT,
    "qty" DOUBLE PRECISION,
    "per_share_amount" DOUBLE PRECISION,
    "net_amount" DOUBLE PRECISION NOT NULL,
    "date" TEXT NOT NULL,
    "description" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "bot_cash_activities_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "bot_cash_activities_user_id_fkey" FOREIGN KEY ("user_id")
        REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "bot_cash_activities_user_id_broker_activity_id_key"
    ON "bot_cash_activities"("user_id", "broker_activity_id");
CREATE INDEX "bot_cash_activities_user_id_date_idx" ON "bot_cash_activities"("user_id", "date");
