-- The news cache (spec §1 news sentiment): items fetched from the market data port on a schedule
-- by the worker's news refresh, scored once at insert, and read by GET /api/get-news-sentiment.
-- Requests never fetch news. One row per (market, the market's item id, symbol): an Alpaca article
-- about three monitored symbols is three rows, like the spec's news record. `published_at` is
-- market time (the demo clock's on the demo market). Rows older than the retention are pruned.
CREATE TYPE "NewsMarket" AS ENUM ('demo', 'alpaca');

CREATE TABLE "news_items" (
    "id" SERIAL NOT NULL,
    "market" "NewsMarket" NOT NULL,
    "external_id" TEXT NOT NULL,
    "symbol" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "published_at" TIMESTAMPTZ(3) NOT NULL,
    "sentiment_score" DOUBLE PRECISION NOT NULL,
    "fetched_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "news_items_pkey" PRIMARY KEY ("id")
);

-- Re-running a refresh inserts nothing twice.
CREATE UNIQUE INDEX "news_items_market_external_id_symbol_key"
    ON "news_items"("market", "external_id", "symbol");

-- "The latest items for these symbols on this market": an index scan per symbol, newest first.
-- It also serves the prune (published_at per market).
CREATE INDEX "news_items_market_symbol_published_at_idx"
    ON "news_items"("market", "symbol", "published_at" DESC);
