-- Idempotent delivery: a stable Message-ID per row, and a claim ('sending' + claimed_at) taken
-- in one conditional UPDATE before each SMTP attempt. 'kept' marks mail held in the dev outbox.
ALTER TYPE "MailStatus" ADD VALUE 'sending';
ALTER TYPE "MailStatus" ADD VALUE 'kept';

-- The default is volatile, so existing rows each get their own id when the table is rewritten.
ALTER TABLE "mail_outbox"
    ADD COLUMN "message_id" TEXT NOT NULL DEFAULT ('<' || gen_random_uuid()::text || '@tradebot.local>'),
    ADD COLUMN "claimed_at" TIMESTAMP(3),
    ADD COLUMN "secrets" TEXT;

CREATE UNIQUE INDEX "mail_outbox_message_id_key" ON "mail_outbox"("message_id");

-- Secrets leave the stored text: rows written before this migration carried reset and
-- verification links with the token in clear; only the link's shape is kept.
UPDATE "mail_outbox"
SET "text" = regexp_replace("text", '([?&]token=)[A-Za-z0-9_-]+', '\1[redacted]', 'g'),
    "html" = regexp_replace("html", '([?&]token=)[A-Za-z0-9_-]+', '\1[redacted]', 'g')
WHERE "text" ~ '[?&]token=' OR "html" ~ '[?&]token=';
