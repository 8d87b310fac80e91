-- The bot's control (Step 8): the account's equity when the bot was first started on its
-- current market and mode, the base of historical performance's max drawdown (the equity the
-- closed trades' cumulative P&L is added to). Null until known (an Alpaca start reads no
-- account); the reads then fall back to the last tick's equity.
ALTER TABLE "bot_states" ADD COLUMN "start_equity" DOUBLE PRECISION;
