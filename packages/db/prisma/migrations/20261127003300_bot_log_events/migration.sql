-- A log line that records an event (an order's state, a fill, a decision, a halt) carries its
-- key, so a tick re-run after a crash never writes the same event twice.
ALTER TABLE "bot_logs" ADD COLUMN "event_key" TEXT;

CREATE UNIQUE INDEX "bot_logs_user_id_event_key_key" ON "bot_logs"("user_id", "event_key");
