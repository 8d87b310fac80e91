-- A user's backtest settings (spec §3 "Backtest settings", §9 defaults and bounds) as JSON,
-- validated by the api-contract schema on the way in and out; no row means the defaults.
CREATE TABLE "backtest_settings" (
    "user_id" INTEGER NOT NULL,
    "settings" JSONB NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "backtest_settings_pkey" PRIMARY KEY ("user_id"),
    CONSTRAINT "backtest_settings_user_id_fkey" FOREIGN KEY ("user_id")
        REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
