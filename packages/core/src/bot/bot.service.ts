import type { ServiceDeps } from '../deps.js';
import type { ActiveMarketService } from '../market/active-market.js';
import { botControl, type SleepIntervalOf } from './bot-control.js';
import { botOrders } from './bot-orders.js';
import { botReads } from './bot-reads.js';
import { stoppedBotStatus } from './bot-stopped.js';
import { readBotStatus } from './bot-status.js';

/**
 * The trading bot's calls (spec §7 Dashboard and Live log): Start/Stop/Restart
 * (bot-control.ts), Quick Sell and the kill switch (bot-orders.ts), and what the dashboard
 * reads (bot-reads.ts). The tick itself is the worker's (bot-tick.ts).
 */
export function botService(
  deps: ServiceDeps,
  market: ActiveMarketService,
  sleepOf: SleepIntervalOf,
) {
  const control = botControl(deps, market, sleepOf);
  return {
    /** A running bot's status is its last tick's; a stopped one's is read again from the broker. */
    status: async (userId: number) => {
      const status = await readBotStatus(deps.db, userId);
      return status.status === 'running' ? status : stoppedBotStatus(deps, userId);
    },
    start: control.start,
    stop: control.stop,
    restart: control.restart,
    ...botOrders(deps, market, control.stopNow),
    ...botReads(deps, market),
  };
}

export type BotService = ReturnType<typeof botService>;
