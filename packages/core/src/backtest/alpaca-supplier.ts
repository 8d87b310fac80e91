import { reopenAlpacaBarsThrough, type Db } from '@tradebot/db';
import { DAY_MS, type AlpacaFeed, type UniverseDataPort } from '@tradebot/market';
import type { ServiceDeps } from '../deps.js';
import { topUpAlpacaBars } from '../market-universe/alpaca-universe-load.js';
import { alpacaClientsFor } from '../active-market/alpaca-clients.js';
import { loadAlpacaKeys } from '../active-market/alpaca-keys.js';
import type { AlpacaBarsFeed } from './alpaca-bars.js';
import { lastStoredDays } from './stored-bars.js';

/**
 * Listings of `symbols` marked complete (`bars_through`) past their last stored bar go back to
 * that bar: a session asked for before Alpaca had published its bar is asked for again.
 */
async function reopenCursors(db: Db, symbols: readonly string[]): Promise<void> {
  const last = await lastStoredDays(db, 'alpaca', symbols);
  for (const symbol of symbols) {
    const day = last.get(symbol);
    const through = day === undefined ? null : new Date(day * DAY_MS);
    await reopenAlpacaBarsThrough(db, symbol, through);
  }
}

/**
 * The Alpaca cache's supplier over one market-data port: the universe's top-up
 * (`topUpAlpacaBars`, multi-symbol bars) of the symbols asked for, each first reopened from its
 * last stored bar.
 */
export function alpacaBarsOver(db: Db, port: UniverseDataPort, feed: AlpacaFeed): AlpacaBarsFeed {
  return {
    feed,
    async topUp(symbols, now) {
      await reopenCursors(db, symbols);
      await topUpAlpacaBars(db, port, symbols, new Date(now));
    },
  };
}

/**
 * A backtest's supplier: the run's user's paper keys, else their live keys (Alpaca's market data
 * is the same for both), else the deployment's data key (ALPACA_DATA_KEY_ID); null when there is
 * none (the cache is read as it is). The keys are decrypted for this run only, never logged.
 */
export async function alpacaBarsForUser(
  deps: Pick<ServiceDeps, 'db' | 'cipher' | 'market' | 'universe'>,
  userId: number,
): Promise<AlpacaBarsFeed | null> {
  const over = (keys: { keyId: string; secret: string }, mode: 'paper' | 'live') => {
    const data = alpacaClientsFor(deps.market, keys, mode).marketData();
    return alpacaBarsOver(deps.db, data, data.connection.feed);
  };
  for (const mode of ['paper', 'live'] as const) {
    const keys = await loadAlpacaKeys(deps.db, deps.cipher, userId, mode);
    if (keys) return over(keys, mode);
  }
  const key = deps.universe.alpacaDataKey;
  return key ? over(key, key.mode) : null;
}
