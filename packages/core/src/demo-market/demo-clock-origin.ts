import { claimDemoClockOrigin, type Db } from '@tradebot/db';
import { systemWallTime, type DemoClock } from '@tradebot/market';

/**
 * Puts a process's demo clock on the deployment's shared time line:
 *   market time = DEMO_CLOCK_START + (wall now − origin) × speed,
 * where `origin` is the wall instant stored once in `demo_clock_origins` by the first process
 * that started with this DEMO_CLOCK_START (this one, when it is the first). Every process of
 * the deployment (API, worker, a restart of either) then shows the same market time.
 *
 * The clock has run since the runtime was built from DEMO_CLOCK_START, so its own origin (the
 * wall instant it showed DEMO_CLOCK_START) is never before the stored one: it is moved forward
 * by the difference. A paused clock (speed 0, the tests) stays at DEMO_CLOCK_START plus whatever
 * the tests advanced. Returns the origin (wall ms).
 */
export async function joinDeploymentDemoClock(
  db: Db,
  clock: DemoClock,
  clockStart: number,
  wallTime: () => number = systemWallTime,
): Promise<number> {
  const speed = clock.speed;
  const own = speed > 0 ? wallTime() - (clock.now() - clockStart) / speed : wallTime();
  const stored = await claimDemoClockOrigin(db, new Date(clockStart), new Date(Math.round(own)));
  const origin = stored.getTime();
  const shared = clockStart + (wallTime() - origin) * speed;
  // Two processes that claimed at once may differ by a millisecond: never move a clock back.
  const ahead = shared - clock.now();
  if (ahead > 0) clock.advance(ahead);
  return origin;
}
