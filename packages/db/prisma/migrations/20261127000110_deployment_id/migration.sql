-- The deployment's own id, random and stored once in its database: the Redis namespace of its
-- websocket events and rate limits comes from it, so two deployments whose DATABASE_URL reads
-- the same (two compose stacks at db:5432/tradebot) never share them on one Redis.
-- `one` holds the table to a single row.
CREATE TABLE "deployment" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
    "one" BOOLEAN NOT NULL DEFAULT true,
    CONSTRAINT "deployment_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "deployment_one_check" CHECK ("one")
);
CREATE UNIQUE INDEX "deployment_one_key" ON "deployment"("one");
INSERT INTO "deployment" DEFAULT VALUES ON CONFLICT DO NOTHING;
