-- The simulated broker on the demo market (Step 8): one account per user, its orders (keyed by the
-- bot's client order id, unique per user), positions and fills. Money and quantities are float8 so
-- they round-trip the backtester's float64 arithmetic exactly; every state change is one transaction
-- holding the account row's lock (packages/db/src/repos/sim-broker.repo.ts).
CREATE TABLE "sim_accounts" (
    "user_id" INTEGER NOT NULL,
    "account_number" TEXT NOT NULL,
    "cash" DOUBLE PRECISION NOT NULL,
    -- Mulberry32 state of the partial-fill draws (0 … 2^32 − 1).
    "rng_state" BIGINT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "sim_accounts_pkey" PRIMARY KEY ("user_id"),
    CONSTRAINT "sim_accounts_user_id_fkey" FOREIGN KEY ("user_id")
        REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE
);

CREATE TABLE "sim_orders" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "user_id" INTEGER NOT NULL,
    "client_order_id" TEXT NOT NULL,
    "symbol" TEXT NOT NULL,
    "side" TEXT NOT NULL CHECK ("side" IN ('buy', 'sell')),
    "type" TEXT NOT NULL CHECK ("type" IN ('market', 'limit', 'stop', 'trailing_stop')),
    "time_in_force" TEXT NOT NULL,
    "qty" DOUBLE PRECISION NOT NULL CHECK ("qty" > 0),
    "filled_qty" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "filled_avg_price" DOUBLE PRECISION,
    "limit_price" DOUBLE PRECISION,
    -- The fixed stop; a trailing stop's active level is derived from it, "trail" and "extreme".
    "stop_price" DOUBLE PRECISION,
    -- Trailing distance as a fraction, and the best price since the order before the coming bar.
    "trail" DOUBLE PRECISION,
    "extreme" DOUBLE PRECISION,
    -- Exits attached to an entry, as multiples of its fill price (created as a child order).
    "bracket_stop_at" DOUBLE PRECISION,
    "bracket_target_at" DOUBLE PRECISION,
    "bracket_trail" DOUBLE PRECISION,
    "parent_id" UUID,
    "status" TEXT NOT NULL CHECK ("status" IN ('new', 'partially_filled', 'filled', 'canceled', 'expired', 'rejected')),
    -- The next daily bar (its date, UTC midnight) the order is checked on: the first session that
    -- opens after it was placed, then moved past every bar it was checked on (no bar twice).
    "first_bar" TIMESTAMPTZ(3) NOT NULL,
    "submitted_at" TIMESTAMPTZ(3) NOT NULL,
    "filled_at" TIMESTAMPTZ(3),
    "ended_at" TIMESTAMPTZ(3),
    CONSTRAINT "sim_orders_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "sim_orders_user_id_fkey" FOREIGN KEY ("user_id")
        REFERENCES "sim_accounts"("user_id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "sim_orders_parent_id_fkey" FOREIGN KEY ("parent_id")
        REFERENCES "sim_orders"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "sim_orders_user_id_client_order_id_key" ON "sim_orders"("user_id", "client_order_id");
CREATE INDEX "sim_orders_user_id_status_idx" ON "sim_orders"("user_id", "status");

CREATE TABLE "sim_positions" (
    "user_id" INTEGER NOT NULL,
    "symbol" TEXT NOT NULL,
    -- Signed: negative for a short.
    "qty" DOUBLE PRECISION NOT NULL,
    "avg_entry_price" DOUBLE PRECISION NOT NULL,
    CONSTRAINT "sim_positions_pkey" PRIMARY KEY ("user_id", "symbol"),
    CONSTRAINT "sim_positions_user_id_fkey" FOREIGN KEY ("user_id")
        REFERENCES "sim_accounts"("user_id") ON DELETE CASCADE ON UPDATE CASCADE
);

CREATE TABLE "sim_fills" (
    "id" BIGSERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "order_id" UUID NOT NULL,
    "symbol" TEXT NOT NULL,
    "side" TEXT NOT NULL,
    "qty" DOUBLE PRECISION NOT NULL,
    -- Slippage included.
    "price" DOUBLE PRECISION NOT NULL,
    "commission" DOUBLE PRECISION NOT NULL,
    -- stop_loss, trailing_stop or take_profit for an exit inside the bar; null at the open.
    "reason" TEXT,
    "time" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "sim_fills_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "sim_fills_user_id_fkey" FOREIGN KEY ("user_id")
        REFERENCES "sim_accounts"("user_id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "sim_fills_order_id_fkey" FOREIGN KEY ("order_id")
        REFERENCES "sim_orders"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "sim_fills_user_id_time_id_idx" ON "sim_fills"("user_id", "time", "id");
