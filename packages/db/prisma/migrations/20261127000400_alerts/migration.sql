-- Alerts outside the app: each notification has a kind (the alert event) and waits for the
-- alerts queue while alert_pending is true; the partial index keeps that lookup small.
ALTER TABLE "notifications" ADD COLUMN "kind" TEXT NOT NULL DEFAULT 'info';
ALTER TABLE "notifications" ADD COLUMN "alert_pending" BOOLEAN NOT NULL DEFAULT false;
CREATE INDEX "notifications_alert_pending_idx" ON "notifications"("id") WHERE "alert_pending";

-- A user's channels (secrets encrypted like broker keys) and the events each is sent.
CREATE TABLE "alert_settings" (
    "user_id" INTEGER NOT NULL,
    "email_enabled" BOOLEAN NOT NULL DEFAULT false,
    "telegram_enabled" BOOLEAN NOT NULL DEFAULT false,
    "telegram_token_enc" TEXT,
    "telegram_chat_id" TEXT,
    "webhook_enabled" BOOLEAN NOT NULL DEFAULT false,
    "webhook_url_enc" TEXT,
    "webhook_format" TEXT NOT NULL DEFAULT 'json',
    "on_fills" BOOLEAN NOT NULL DEFAULT true,
    "on_rejections" BOOLEAN NOT NULL DEFAULT true,
    "on_halts" BOOLEAN NOT NULL DEFAULT true,
    "on_kill_switch" BOOLEAN NOT NULL DEFAULT true,
    "on_bot_errors" BOOLEAN NOT NULL DEFAULT true,
    "on_daily_summary" BOOLEAN NOT NULL DEFAULT false,
    "summary_session" TEXT,
    "updated_at" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "alert_settings_pkey" PRIMARY KEY ("user_id"),
    CONSTRAINT "alert_settings_user_id_fkey" FOREIGN KEY ("user_id")
        REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- One row per (event, channel): the delivered state that makes a delivery happen once.
CREATE TABLE "alert_deliveries" (
    "id" SERIAL NOT NULL,
    "notification_id" INTEGER,
    "user_id" INTEGER NOT NULL,
    "channel" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "window_start" TIMESTAMP(3) NOT NULL,
    "claimed_at" TIMESTAMP(3),
    "delivered_at" TIMESTAMP(3),
    "last_error" TEXT,
    "fold_key" TEXT,
    CONSTRAINT "alert_deliveries_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "alert_deliveries_user_id_fkey" FOREIGN KEY ("user_id")
        REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "alert_deliveries_notification_id_channel_key"
    ON "alert_deliveries"("notification_id", "channel");
CREATE UNIQUE INDEX "alert_deliveries_fold_key_key" ON "alert_deliveries"("fold_key");
CREATE INDEX "alert_deliveries_user_id_channel_window_start_idx"
    ON "alert_deliveries"("user_id", "channel", "window_start");
