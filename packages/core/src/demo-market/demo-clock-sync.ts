import { AppError, server, type TAdvanceDemoClockOutput } from '@tradebot/api-contract';
import { shiftDemoClockOrigin, type Db } from '@tradebot/db';
import type { DemoClock } from '@tradebot/market';
import { joinDeploymentDemoClock } from './demo-clock-origin.js';

const HOUR_MS = 3_600_000;
/** How often a process re-joins the shared demo time line (an admin's skip reaches it by then). */
export const DEMO_CLOCK_SYNC_MS = 2_000;

const newYorkTime = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York',
  dateStyle: 'medium',
  timeStyle: 'short',
});

/**
 * The deployment's demo clock across processes: `advance` (admin; the browser journey uses it)
 * moves the shared wall origin earlier, so every process shows a later market time once it
 * re-joins; `startSync` re-joins every DEMO_CLOCK_SYNC_MS (a process housekeeping timer, not a
 * trading clock). A paused clock (speed 0) has no time line to move: tests advance it directly.
 */
export function demoClockService(db: Db, clock: DemoClock, clockStart: number) {
  async function advance(hours: number): Promise<TAdvanceDemoClockOutput> {
    if (clock.speed === 0) throw new AppError('CONFLICT', server.demoClockPaused);
    // The origin row is claimed first: on a database that lost it (a restore, an emptied test
    // database) the shift would otherwise update nothing and the skip be lost.
    await joinDeploymentDemoClock(db, clock, clockStart);
    await shiftDemoClockOrigin(db, new Date(clockStart), (hours * HOUR_MS) / clock.speed);
    await joinDeploymentDemoClock(db, clock, clockStart);
    const at = new Date(clock.now());
    return {
      message: server.demoClockAdvanced(hours, newYorkTime.format(at)),
      market_time: at.toISOString(),
    };
  }

  function startSync(onError: (error: unknown) => void): () => void {
    if (clock.speed === 0) return () => {};
    const timer = setInterval(() => {
      joinDeploymentDemoClock(db, clock, clockStart).catch(onError);
    }, DEMO_CLOCK_SYNC_MS);
    timer.unref();
    return () => clearInterval(timer);
  }

  return { advance, startSync };
}

export type DemoClockService = ReturnType<typeof demoClockService>;
