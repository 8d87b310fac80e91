-- When the user saw a notification (opening the bell marks what it showed); null while unread.
-- The partial index keeps the bell's unread count a small lookup.
ALTER TABLE "notifications" ADD COLUMN "read_at" TIMESTAMP(3);
CREATE INDEX "notifications_unread_idx" ON "notifications"("user_id") WHERE "read_at" IS NULL;
