-- Each version of a user's Final Trading List (symbols and their parameters) with the general
-- trading settings in force, stamped with the active market's time: the live twin re-runs the
-- list as it changed.
CREATE TABLE "final_list_versions" (
    "id" BIGSERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL,
    "entries" JSONB NOT NULL,
    "settings" JSONB NOT NULL,
    CONSTRAINT "final_list_versions_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "final_list_versions_user_id_fkey" FOREIGN KEY ("user_id")
        REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "final_list_versions_user_id_id_idx" ON "final_list_versions"("user_id", "id");
