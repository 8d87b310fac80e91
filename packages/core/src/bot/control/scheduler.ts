import { listBotSchedules, type Db } from '@tradebot/db';
import { botSchedulerId } from '@tradebot/jobs';
import type { Queue } from 'bullmq';

/** Name of the jobs a bot's Job Scheduler adds (the bot queue has one processor). */
export const BOT_TICK_JOB = 'tick';

/** Upserts the user's Job Scheduler: one tick every `sleepInterval` seconds. */
export async function upsertBotScheduler(queue: Queue, userId: number, sleepInterval: number) {
  await queue.upsertJobScheduler(
    botSchedulerId(userId),
    { every: sleepInterval * 1000 },
    { name: BOT_TICK_JOB, data: { userId } },
  );
}

export interface HealedSchedulers {
  /** Running bots whose scheduler was missing (or had another interval) and was put back. */
  restored: number[];
  /** Schedulers of bots that are not running, removed. */
  removed: number[];
}

const BOT_SCHEDULER = /^bot:(\d+)$/;

/**
 * PostgreSQL says which bots run; Redis only carries their schedules. Every running bot gets its
 * Job Scheduler back when it is missing (a Redis flush, a lost upsert), and a scheduler of a bot
 * that is not running is removed. An existing scheduler with the right interval is left alone
 * (re-upserting it would move its next tick).
 */
export async function healBotSchedulers(db: Db, queue: Queue): Promise<HealedSchedulers> {
  const rows = await listBotSchedules(db);
  const running = new Map(rows.filter((r) => r.running).map((r) => [r.userId, r.sleepInterval]));
  const restored: number[] = [];
  for (const [userId, sleepInterval] of running) {
    const existing = await queue.getJobScheduler(botSchedulerId(userId));
    if (existing?.every === sleepInterval * 1000) continue;
    await upsertBotScheduler(queue, userId, sleepInterval);
    restored.push(userId);
  }
  const removed: number[] = [];
  for (const scheduler of await queue.getJobSchedulers(0, -1)) {
    const id = scheduler.id ?? scheduler.key;
    const match = BOT_SCHEDULER.exec(id);
    if (match === null) continue;
    const userId = Number(match[1]);
    if (running.has(userId)) continue;
    await queue.removeJobScheduler(id);
    removed.push(userId);
  }
  return { restored, removed };
}
