import type { Db } from '@tradebot/db';
import type { AlpacaMarketData } from '@tradebot/market';
import type { ServiceDeps } from '../deps.js';
import { topUpAlpacaBars } from '../market-universe/alpaca-universe-load.js';
import { alpacaClientsFor } from '../market/alpaca-clients.js';
import { loadAlpacaKeys } from '../market/alpaca-keys.js';
import type { AlpacaBarsFeed } from './alpaca-bars.js';

/**
 * The Alpaca cache's supplier over one Alpaca adapter: the universe's top-up (`topUpAlpacaBars`)
 * through the adapter's multi-symbol bars, in the adapter's feed.
 */
export function alpacaBarsOver(
  db: Db,
  port: Pick<AlpacaMarketData, 'connection' | 'listAssets' | 'getDailyBarsMany'>,
): AlpacaBarsFeed {
  return {
    feed: port.connection.feed,
    async topUp(symbols, now) {
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
  for (const mode of ['paper', 'live'] as const) {
    const keys = await loadAlpacaKeys(deps.db, deps.cipher, userId, mode);
    if (keys)
      return alpacaBarsOver(deps.db, alpacaClientsFor(deps.market, keys, mode).marketData());
  }
  const key = deps.universe.alpacaDataKey;
  if (!key) return null;
  return alpacaBarsOver(deps.db, alpacaClientsFor(deps.market, key, 'paper').marketData());
}
