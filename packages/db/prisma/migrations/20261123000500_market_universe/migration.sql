-- The stock universe (companies with fundamentals) and its daily bars, filled by the CSV
-- import (core/src/market-universe) and later by the demo market and a provider.
CREATE TYPE "UniverseSource" AS ENUM ('csv', 'demo');
CREATE TYPE "SecurityType" AS ENUM ('stock', 'reit', 'spac', 'etf');

CREATE TABLE "companies" (
    "id" SERIAL NOT NULL,
    "source" "UniverseSource" NOT NULL,
    "symbol" TEXT NOT NULL,
    "company_name" TEXT NOT NULL,
    "sector" TEXT,
    "industry" TEXT,
    "domain" TEXT,
    "description" TEXT,
    "exchange" TEXT,
    "security_type" "SecurityType" NOT NULL DEFAULT 'stock',
    "sec_filings_url" TEXT,
    "price" DOUBLE PRECISION,
    "shares_outstanding" DOUBLE PRECISION,
    "float_shares" DOUBLE PRECISION,
    "market_cap" DOUBLE PRECISION,
    "average_volume" DOUBLE PRECISION,
    "beta" DOUBLE PRECISION,
    "week_52_high" DOUBLE PRECISION,
    "week_52_low" DOUBLE PRECISION,
    "revenue" DOUBLE PRECISION,
    "ebitda" DOUBLE PRECISION,
    "free_cash_flow" DOUBLE PRECISION,
    "eps" DOUBLE PRECISION,
    "book_value_per_share" DOUBLE PRECISION,
    "dividend_per_share" DOUBLE PRECISION,
    "pe_ratio" DOUBLE PRECISION,
    "pb_ratio" DOUBLE PRECISION,
    "ps_ratio" DOUBLE PRECISION,
    "peg_ratio" DOUBLE PRECISION,
    "ev_ebitda" DOUBLE PRECISION,
    "price_to_free_cash_flow" DOUBLE PRECISION,
    "dividend_yield" DOUBLE PRECISION,
    "payout_ratio" DOUBLE PRECISION,
    "roe" DOUBLE PRECISION,
    "roa" DOUBLE PRECISION,
    "gross_margin" DOUBLE PRECISION,
    "operating_margin" DOUBLE PRECISION,
    "net_profit_margin" DOUBLE PRECISION,
    "current_ratio" DOUBLE PRECISION,
    "debt_to_equity" DOUBLE PRECISION,
    "interest_coverage" DOUBLE PRECISION,
    "revenue_growth" DOUBLE PRECISION,
    "earnings_growth" DOUBLE PRECISION,
    "fundamentals_as_of" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "companies_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "companies_source_symbol_key" ON "companies"("source", "symbol");

-- Explorer search. Symbols are matched by prefix on the upper-cased text (the spec
-- upper-cases symbols): text_pattern_ops lets `upper(symbol) LIKE 'AA%'` use the btree under
-- any database collation. Names are matched by substring, case-insensitively
-- (`company_name ILIKE '%apple%'`): only a trigram index serves a leading wildcard, and it
-- serves prefixes too. Patterns under 3 characters fall back to a scan, which over a universe
-- of thousands of rows costs well under a millisecond.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX "companies_symbol_prefix_idx" ON "companies" (upper("symbol") text_pattern_ops);
CREATE INDEX "companies_name_trgm_idx" ON "companies" USING gin ("company_name" gin_trgm_ops);

CREATE TABLE "daily_bars" (
    "company_id" INTEGER NOT NULL,
    "date" DATE NOT NULL,
    "open" DOUBLE PRECISION NOT NULL,
    "high" DOUBLE PRECISION NOT NULL,
    "low" DOUBLE PRECISION NOT NULL,
    "close" DOUBLE PRECISION NOT NULL,
    "adjusted_close" DOUBLE PRECISION NOT NULL,
    "volume" BIGINT NOT NULL,
    "dividend_amount" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "split_coefficient" DOUBLE PRECISION NOT NULL DEFAULT 1,

    CONSTRAINT "daily_bars_pkey" PRIMARY KEY ("company_id", "date")
);

ALTER TABLE "daily_bars" ADD CONSTRAINT "daily_bars_company_id_fkey" FOREIGN KEY ("company_id")
    REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;
