import type { TBotTickJob, TBotTickResult } from '@tradebot/api-contract';
import { botTickSeconds, type Services } from '@tradebot/core';
import type { Logger } from 'pino';

/**
 * The bot queue's processor: one tick of one user's bot (core/src/bot/engine/tick.ts), timed by
 * outcome in tradebot_bot_tick_duration_seconds ('error': the tick threw).
 */
export const botProcessor =
  (services: Pick<Services, 'botEngine'>) =>
  async (job: TBotTickJob): Promise<TBotTickResult> => {
    const done = botTickSeconds.startTimer();
    try {
      const result = await services.botEngine.tick(job.userId);
      done({ outcome: result.outcome });
      return result;
    } catch (error) {
      done({ outcome: 'error' });
      throw error;
    }
  };

/** How often the worker puts back missing bot schedulers from PostgreSQL (process housekeeping). */
export const BOT_HEAL_INTERVAL_MS = 15_000;

/**
 * At start and every 15 s: every running bot (PostgreSQL) has its Job Scheduler, and stopped
 * bots have none, so a Redis flush is healed within one interval. Returns the stop function.
 */
export function startBotSchedulerHealing(
  services: Pick<Services, 'botEngine'>,
  log: Logger,
  intervalMs = BOT_HEAL_INTERVAL_MS,
): () => void {
  let running: Promise<unknown> | null = null;
  const heal = () => {
    if (running !== null) return;
    running = services.botEngine
      .healSchedulers()
      .catch((error: Error) => log.error({ error: error.message }, 'healing bot schedulers failed'))
      .finally(() => {
        running = null;
      });
  };
  heal();
  const timer = setInterval(heal, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
