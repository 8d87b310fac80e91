import type { Db } from '@tradebot/db';
import type { BrokerPort } from '@tradebot/market';

export interface SyncedFills {
  /** Fills new since the last sync (stored once each in bot_fills). */
  newFills: number;
  /** Round trips closed by those fills (stored in bot_trades). */
  closedTrades: number;
}

/**
 * BASE STUB (the control helper implements it): copies the broker's fills since the last stored
 * one into bot_fills (once each, keyed by the broker's fill id) and records the round trips they
 * close in bot_trades. Called by every tick and by the reads that show trades.
 */
export async function syncFills(
  _db: Db,
  _broker: BrokerPort,
  _userId: number,
): Promise<SyncedFills> {
  return { newFills: 0, closedTrades: 0 };
}
