-- The wall-clock origin of the demo market's clock, one row per DEMO_CLOCK_START, shared by every
-- process of a deployment: market time = clock_start + (wall now - wall_origin) x speed. The
-- first process to start inserts it; the others (and every restart) read it, so the API and the
-- worker show the same market time and a restart does not rewind the market.
CREATE TABLE "demo_clock_origins" (
    "clock_start" TIMESTAMPTZ(3) NOT NULL,
    "wall_origin" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "demo_clock_origins_pkey" PRIMARY KEY ("clock_start")
);
