-- Which market a user trades on: 'alpaca' (their saved keys; the default) or 'demo' (the
-- embedded demo market and simulated broker, chosen with "Use the demo market"). Saving keys
-- switches it to 'alpaca'; choosing demo keeps any saved keys. MARKET_SOURCE=demo overrides it
-- for a whole deployment without touching the column.
CREATE TYPE "MarketChoice" AS ENUM ('alpaca', 'demo');
ALTER TABLE "users" ADD COLUMN "market" "MarketChoice" NOT NULL DEFAULT 'alpaca';
