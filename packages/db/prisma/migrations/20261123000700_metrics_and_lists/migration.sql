-- Technical metrics of each listing as of its last completed bar, written by the worker's
-- metrics refresh (one row per company, replaced on each refresh). A NULL metric means the bars
-- were too few to compute it: the screener then counts the stock as missing data.
CREATE TABLE "stock_metrics" (
    "company_id" INTEGER NOT NULL,
    "as_of" TIMESTAMPTZ(3),
    "last_price" DOUBLE PRECISION,
    "rsi" DOUBLE PRECISION,
    "atr" DOUBLE PRECISION,
    "atr_percent" DOUBLE PRECISION,
    "macd" DOUBLE PRECISION,
    "macd_signal" DOUBLE PRECISION,
    "macd_histogram" DOUBLE PRECISION,
    "average_volume" DOUBLE PRECISION,
    "beta" DOUBLE PRECISION,
    "refreshed_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "stock_metrics_pkey" PRIMARY KEY ("company_id"),
    CONSTRAINT "stock_metrics_company_id_fkey" FOREIGN KEY ("company_id")
        REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- The user's three stock lists of the strategy settings flow (spec §2): the backtesting list,
-- Optimized Parameters (best_parameters keyed by symbol) and the Final Trading List. Symbols are
-- upper-case; a (user, symbol) pair appears at most once per list. Per-stock parameters are the
-- spec §3 fields as JSON, validated by the api-contract schema on the way in and out.
CREATE TABLE "backtest_list_entries" (
    "user_id" INTEGER NOT NULL,
    "symbol" TEXT NOT NULL,
    "added_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "backtest_list_entries_pkey" PRIMARY KEY ("user_id", "symbol"),
    CONSTRAINT "backtest_list_entries_user_id_fkey" FOREIGN KEY ("user_id")
        REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE
);

CREATE TABLE "optimized_parameters" (
    "user_id" INTEGER NOT NULL,
    "symbol" TEXT NOT NULL,
    "parameters" JSONB NOT NULL,
    "profit" DOUBLE PRECISION,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "optimized_parameters_pkey" PRIMARY KEY ("user_id", "symbol"),
    CONSTRAINT "optimized_parameters_user_id_fkey" FOREIGN KEY ("user_id")
        REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE
);

CREATE TABLE "final_trading_list_entries" (
    "user_id" INTEGER NOT NULL,
    "symbol" TEXT NOT NULL,
    "parameters" JSONB NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "final_trading_list_entries_pkey" PRIMARY KEY ("user_id", "symbol"),
    CONSTRAINT "final_trading_list_entries_user_id_fkey" FOREIGN KEY ("user_id")
        REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
