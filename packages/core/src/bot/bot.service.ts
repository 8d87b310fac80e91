import type { ServiceDeps } from '../deps.js';
import type { ActiveMarketService } from '../active-market/active-market.js';
import { botControl, type SleepIntervalOf } from './control/control.js';
import { botOrders } from './control/manual-orders.js';
import { botReads } from './reads/reads.js';
import { openOrdersService } from './reads/open-orders.js';
import { stoppedBotStatus } from './control/stopped.js';
import { readBotStatus } from './reads/status.js';

/**
 * The trading bot's calls: Start/Stop/Restart
 * (bot-control.ts), Quick Sell and the kill switch (bot-orders.ts), and what the dashboard
 * reads (reads/reads.ts). The tick itself is the worker's (engine/tick.ts).
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
    /** Stops the bot; the caller holds its control and tick locks (account deletion). */
    stopNow: control.stopNow,
    ...botOrders(deps, market, control.stopNow),
    ...botReads(deps, market),
    ...openOrdersService(deps, market),
  };
}

export type BotService = ReturnType<typeof botService>;
