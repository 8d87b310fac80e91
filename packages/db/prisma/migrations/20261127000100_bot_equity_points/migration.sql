-- The bot's marked-to-market account equity over time (each tick or stopped refresh where it
-- changed): the equity curve, the current and the historical max drawdown read this one series.
CREATE TABLE "bot_equity_points" (
    "id" BIGSERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL,
    "equity" DOUBLE PRECISION NOT NULL,
    CONSTRAINT "bot_equity_points_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "bot_equity_points_user_id_fkey" FOREIGN KEY ("user_id")
        REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "bot_equity_points_user_id_id_idx" ON "bot_equity_points"("user_id", "id");
