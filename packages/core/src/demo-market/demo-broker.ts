import type { TBacktestSettings } from '@tradebot/api-contract';
import { simBrokerStore } from '@tradebot/db';
import { SimBroker, type BrokerPort } from '@tradebot/market';
import type { ServiceDeps } from '../deps.js';
import { backtestSettingsService } from '../backtest/backtest-settings.service.js';

/** Seed of a demo account's partial-fill draws: fixed per user, so a replay repeats. */
export function demoAccountSeed(userId: number): number {
  return (Math.imul(userId, 0x9e3779b1) ^ 0x5eed) >>> 0;
}

/** "DEMO000042": the demo account's number (shown masked, like a broker's). */
export function demoAccountNumber(userId: number): string {
  return `DEMO${String(userId).padStart(6, '0')}`;
}

/**
 * The user's broker on the demo market: the simulated broker over PostgreSQL, filling by the
 * user's backtest settings (slippage, commission, partial fills) so the bot trades as the backtest
 * said it would. The account opens, on first use, with the settings' initial balance.
 */
export async function demoBrokerFor(
  deps: Pick<ServiceDeps, 'db' | 'market'>,
  userId: number,
  /** The user's backtest settings when the caller has read them already. */
  known?: TBacktestSettings,
): Promise<BrokerPort> {
  const settings = known ?? (await backtestSettingsService(deps).forUser(userId));
  return new SimBroker({
    store: simBrokerStore(deps.db),
    market: deps.market.demo.market,
    userId,
    costs: {
      slippagePercent: settings.slippage_percent,
      commissionPerShare: settings.commission_per_share,
      partialFillProbability: settings.partial_fill_probability,
    },
    opening: {
      cash: settings.initial_balance,
      seed: demoAccountSeed(userId),
      accountNumber: demoAccountNumber(userId),
    },
  });
}
