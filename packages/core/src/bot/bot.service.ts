import type { ServiceDeps } from '../deps.js';
import type { ActiveMarketService } from '../market/active-market.js';
import { botControl, type SleepIntervalOf } from './bot-control.js';
import { botOrders } from './bot-orders.js';
import { botReads } from './bot-reads.js';
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
    status: (userId: number) => readBotStatus(deps.db, userId),
    start: control.start,
    stop: control.stop,
    restart: control.restart,
    ...botOrders(deps, market, control.stopNow),
    ...botReads(deps, market),
  };
}

export type BotService = ReturnType<typeof botService>;
