import type { ServiceDeps } from '../deps.js';
import { loadAlpacaKeys, type AlpacaKeys } from '../market/alpaca-keys.js';
import type { AlpacaBarsFeed } from './alpaca-bars.js';

type Deps = Pick<ServiceDeps, 'db' | 'cipher' | 'market'>;

/**
 * The Alpaca cache's supplier over one key: the universe's top-up (market-universe) through
 * Alpaca's multi-symbol bars (UniverseDataPort), at the deployment's Alpaca addresses.
 */
export function alpacaBarsWithKeys(deps: Deps, keys: AlpacaKeys, paper: boolean): AlpacaBarsFeed {
  void deps;
  void keys;
  void paper;
  return {
    feed: 'iex',
    topUp: async () => {
      throw new Error('the Alpaca bars top-up is not wired (branch alpaca-universe)');
    },
  };
}

/**
 * A backtest's supplier: the run's user's paper keys, else their live keys (Alpaca's market data
 * is the same for both); null when the user saved none (the cache is read as it is).
 */
export async function alpacaBarsForUser(
  deps: Deps,
  userId: number,
): Promise<AlpacaBarsFeed | null> {
  for (const mode of ['paper', 'live'] as const) {
    const keys = await loadAlpacaKeys(deps.db, deps.cipher, userId, mode);
    if (keys) return alpacaBarsWithKeys(deps, keys, mode === 'paper');
  }
  return null;
}
