import { BrokerError, type BrokerOrder, type BrokerPort } from '@tradebot/market';
import { listCredentialMasks } from '@tradebot/db';
import type { ServiceDeps } from '../deps.js';
import { alpacaClientsFor } from '../active-market/alpaca-clients.js';
import { loadAlpacaKeys } from '../active-market/alpaca-keys.js';

/** A broker whose orders an account deletion cancels, named for the process log. */
export interface DeletionBroker {
  name: string;
  open: () => Promise<BrokerPort>;
}
export type DeletionBrokers = (userId: number) => Promise<DeletionBroker[]>;

/**
 * Alpaca with every mode the user saved keys for (the bot may have run in either). The demo
 * market's simulated account is not listed: it is erased with the user's rows.
 */
export function alpacaBrokersOf(
  deps: Pick<ServiceDeps, 'db' | 'cipher' | 'market'>,
): DeletionBrokers {
  return async (userId) => {
    const saved = await listCredentialMasks(deps.db, userId);
    return (['paper', 'live'] as const)
      .filter((mode) => saved[mode] !== undefined)
      .map((mode) => ({
        name: `alpaca ${mode}`,
        async open() {
          const keys = await loadAlpacaKeys(deps.db, deps.cipher, userId, mode);
          if (!keys) throw new Error('keys removed meanwhile');
          return alpacaClientsFor(deps.market, keys, mode).broker();
        },
      }));
  };
}

/** The end of a protective OCO's id (`protectOrderId`): `-p{qty}-{YYYYMMDD}[-n]`. */
const PROTECTIVE_SUFFIX = /-p\d+-\d{8}(-\d+)?$/;

/**
 * Whether `order` is one the bot sent and that is waiting to open or close a position: its
 * client order id is the bot's (`tb{userId}-…`, orders/order-ids.ts) and it is not a protective
 * OCO (`tb{userId}-{SYMBOL}-p{qty}-…`). Protective orders, like a filled bracket's legs (Alpaca's
 * own ids), stay at the broker to guard the positions the user keeps.
 */
export function isWaitingBotOrder(userId: number, order: BrokerOrder): boolean {
  if (!order.clientOrderId.startsWith(`tb${userId}-`)) return false;
  // The suffix, since a symbol may hold a dash itself (BRK-B).
  return !PROTECTIVE_SUFFIX.test(order.clientOrderId);
}

/**
 * Cancels the bot's waiting orders at each broker, best effort: an order that ended meanwhile
 * is skipped, any other failure is logged (never a key or a stack) and counted, and nothing is
 * ever sold. An unfilled entry takes its bracket legs with it.
 */
export async function cancelWaitingBotOrders(
  userId: number,
  brokers: DeletionBroker[],
): Promise<{ canceled: number; failed: number }> {
  let canceled = 0;
  let failed = 0;
  for (const { name, open } of brokers) {
    let broker: BrokerPort;
    let orders: BrokerOrder[];
    try {
      broker = await open();
      orders = (await broker.listOpenOrders()).filter((order) => isWaitingBotOrder(userId, order));
    } catch (error) {
      logSkipped(userId, `${name}: open orders not read`, error);
      failed++;
      continue;
    }
    for (const order of orders) {
      try {
        await broker.cancelOrder(order.id);
        canceled++;
        console.info(`[account] user ${userId}: ${name}: cancelled ${order.clientOrderId}`);
      } catch (error) {
        if (error instanceof BrokerError && ['not_found', 'rejected'].includes(error.code))
          continue;
        logSkipped(userId, `${name}: ${order.clientOrderId} not cancelled`, error);
        failed++;
      }
    }
  }
  return { canceled, failed };
}

function logSkipped(userId: number, what: string, error: unknown): void {
  const why = error instanceof Error ? error.message : String(error);
  console.warn(`[account] user ${userId}: account deletion: ${what}: ${why}`);
}
