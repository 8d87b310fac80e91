import { claimDemoClockOrigin, type Db } from '@tradebot/db';
import { systemWallTime, type DemoClock } from '@tradebot/market';

/**
 * Puts a process's demo clock on the deployment's shared time line:
 *   market time = DEMO_CLOCK_START + (wall now − origin) × speed,
 * where `origin` is the wall instant stored once in `demo_clock_origins` by the first process
 * that started with this DEMO_CLOCK_START (this one, when it is the first). Every process of
 * the deployment (API, worker, a restart of either) then shows the same market time.
 *
 * The clock starts at DEMO_CLOCK_START when it is built, so the shared position is never behind
 * it: the clock is moved forward by the difference. A paused clock (speed 0, the tests) stays
 * at DEMO_CLOCK_START plus whatever the tests advanced. Returns the origin (ms).
 */
export async function joinDeploymentDemoClock(
  db: Db,
  clock: DemoClock,
  clockStart: number,
  wallTime: () => number = systemWallTime,
): Promise<number> {
  const origin = (
    await claimDemoClockOrigin(db, new Date(clockStart), new Date(wallTime()))
  ).getTime();
  const shared = clockStart + (wallTime() - origin) * clock.speed;
  // A clock an earlier process started a few ms later than this one's read is not moved back.
  const ahead = shared - clock.now();
  if (ahead > 0) clock.advance(ahead);
  return origin;
}
