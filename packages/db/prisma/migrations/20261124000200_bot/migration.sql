-- The trading bot (Step 8). PostgreSQL records what the bot intended and what happened; the
-- broker's positions and open orders are the truth it reconciles with on every tick.

-- One row per user who ever started the bot: whether it runs (the BullMQ Job Scheduler
-- "bot:{user}" follows this flag), where (market and mode fixed at Start), the account-level
-- drawdown halt, and the last tick's account snapshot that GET /api/status shows.
CREATE TABLE "bot_states" (
    "user_id" INTEGER NOT NULL,
    "running" BOOLEAN NOT NULL DEFAULT false,
    "market" TEXT NOT NULL CHECK ("market" IN ('demo', 'alpaca')),
    "mode" TEXT NOT NULL CHECK ("mode" IN ('demo', 'paper', 'live')),
    "sleep_interval" INTEGER NOT NULL DEFAULT 60,
    "started_at" TIMESTAMPTZ(3),
    "stopped_at" TIMESTAMPTZ(3),
    -- Market time (the active market's clock) of the last completed tick and of the last order or fill.
    "last_tick_at" TIMESTAMPTZ(3),
    "last_activity" TIMESTAMPTZ(3),
    "halted" BOOLEAN NOT NULL DEFAULT false,
    "halt_reason" TEXT,
    "peak_equity" DOUBLE PRECISION,
    -- Equity at the start of the market day "day" (YYYY-MM-DD, New York), for daily_pnl.
    "day" TEXT,
    "day_start_equity" DOUBLE PRECISION,
    "equity" DOUBLE PRECISION,
    "cash" DOUBLE PRECISION,
    "buying_power" DOUBLE PRECISION,
    "last_error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "bot_states_pkey" PRIMARY KEY ("user_id"),
    CONSTRAINT "bot_states_user_id_fkey" FOREIGN KEY ("user_id")
        REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- Order intents: written before an order is sent, keyed by a deterministic client order id, so a
-- tick that crashed or lost the broker's answer looks the order up instead of sending again.
CREATE TABLE "bot_orders" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "client_order_id" TEXT NOT NULL,
    "symbol" TEXT NOT NULL,
    "purpose" TEXT NOT NULL CHECK ("purpose" IN ('entry', 'exit', 'protective', 'manual_sell', 'flatten')),
    "side" TEXT NOT NULL CHECK ("side" IN ('buy', 'sell')),
    "qty" DOUBLE PRECISION NOT NULL CHECK ("qty" > 0),
    -- The whole OrderRequest of the broker port (type, time in force, prices, bracket).
    "request" JSONB NOT NULL,
    -- The trading date (YYYY-MM-DD) whose completed bar decided it; null for manual orders.
    "decided_on" TEXT,
    -- pending: recorded, not yet sent; sent: the broker took it; unknown: the answer was lost;
    -- then the broker's states; failed: refused or out of retries.
    "status" TEXT NOT NULL CHECK ("status" IN ('pending', 'sent', 'unknown', 'new', 'partially_filled', 'filled', 'canceled', 'expired', 'rejected', 'failed')),
    "broker_order_id" TEXT,
    "filled_qty" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "filled_avg_price" DOUBLE PRECISION,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "last_error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "sent_at" TIMESTAMPTZ(3),
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "bot_orders_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "bot_orders_user_id_fkey" FOREIGN KEY ("user_id")
        REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "bot_orders_user_id_client_order_id_key" ON "bot_orders"("user_id", "client_order_id");
CREATE INDEX "bot_orders_user_id_status_idx" ON "bot_orders"("user_id", "status");

-- Per symbol the bot trades: the last trading date it decided (each completed bar is decided
-- once) and what the dashboard's monitored symbols show.
CREATE TABLE "bot_symbols" (
    "user_id" INTEGER NOT NULL,
    "symbol" TEXT NOT NULL,
    "last_decided_on" TEXT,
    "last_price" DOUBLE PRECISION,
    "rsi" DOUBLE PRECISION,
    "atr" DOUBLE PRECISION,
    "macd" DOUBLE PRECISION,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "bot_symbols_pkey" PRIMARY KEY ("user_id", "symbol"),
    CONSTRAINT "bot_symbols_user_id_fkey" FOREIGN KEY ("user_id")
        REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- Fills as the broker reported them (once each: keyed by the broker's fill id).
CREATE TABLE "bot_fills" (
    "id" BIGSERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "broker_fill_id" TEXT NOT NULL,
    "broker_order_id" TEXT NOT NULL,
    "symbol" TEXT NOT NULL,
    "side" TEXT NOT NULL CHECK ("side" IN ('buy', 'sell')),
    "qty" DOUBLE PRECISION NOT NULL,
    "price" DOUBLE PRECISION NOT NULL,
    "commission" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "reason" TEXT,
    "time" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "bot_fills_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "bot_fills_user_id_fkey" FOREIGN KEY ("user_id")
        REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "bot_fills_user_id_broker_fill_id_key" ON "bot_fills"("user_id", "broker_fill_id");
CREATE INDEX "bot_fills_user_id_symbol_time_idx" ON "bot_fills"("user_id", "symbol", "time");

-- Closed round trips (the trades log, historical performance), one per closing fill.
CREATE TABLE "bot_trades" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "symbol" TEXT NOT NULL,
    "side" TEXT NOT NULL CHECK ("side" IN ('long', 'short')),
    "qty" DOUBLE PRECISION NOT NULL,
    "entry_price" DOUBLE PRECISION NOT NULL,
    "exit_price" DOUBLE PRECISION NOT NULL,
    "entry_at" TIMESTAMPTZ(3) NOT NULL,
    "exit_at" TIMESTAMPTZ(3) NOT NULL,
    "pnl" DOUBLE PRECISION NOT NULL,
    "reason" TEXT,
    "exit_fill_id" TEXT NOT NULL,
    CONSTRAINT "bot_trades_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "bot_trades_user_id_fkey" FOREIGN KEY ("user_id")
        REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "bot_trades_user_id_exit_fill_id_key" ON "bot_trades"("user_id", "exit_fill_id");
CREATE INDEX "bot_trades_user_id_exit_at_idx" ON "bot_trades"("user_id", "exit_at");

-- The bot's log (GET /api/logs, the live log): market time, level, one line of text.
CREATE TABLE "bot_logs" (
    "id" BIGSERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL,
    "level" TEXT NOT NULL CHECK ("level" IN ('info', 'warn', 'error')),
    "message" TEXT NOT NULL,
    CONSTRAINT "bot_logs_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "bot_logs_user_id_fkey" FOREIGN KEY ("user_id")
        REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "bot_logs_user_id_id_idx" ON "bot_logs"("user_id", "id");
