import { type BrokerPort, type MarketClock, type MarketDataPort } from '@tradebot/market';
import type { ServiceDeps } from '../deps.js';
import { demoBrokerFor } from '../market/demo-broker.js';
import { alpacaClientsFor } from '../market/alpaca-clients.js';
import { loadAlpacaKeys } from '../market/alpaca-keys.js';

export type BotMarketName = 'demo' | 'alpaca';
export type BotMode = 'demo' | 'paper' | 'live';

/** Where a user's bot trades: the broker, the market's clock and its bars, all of one market. */
export interface BotMarket {
  broker: BrokerPort;
  clock: MarketClock;
  data: Pick<MarketDataPort, 'getDailyBars' | 'getLatestTrade'>;
}

/** The user has no saved keys for the mode the bot was started in. */
export class MissingKeysError extends Error {
  override readonly name = 'MissingKeysError';
  constructor(readonly mode: 'paper' | 'live') {
    super(`no saved ${mode} keys`);
  }
}

/**
 * The bot's market of one user: on the demo market the simulated broker and the demo clock; on
 * Alpaca the broker and market data with the keys of the mode the bot was started in (decrypted
 * for this tick only, never logged). Alpaca's clock is read once per call (one request).
 */
export async function botMarketFor(
  deps: Pick<ServiceDeps, 'db' | 'cipher' | 'market'>,
  userId: number,
  market: BotMarketName,
  mode: BotMode,
): Promise<BotMarket> {
  if (market === 'demo' || mode === 'demo') {
    return {
      broker: await demoBrokerFor(deps, userId),
      clock: deps.market.demo.clock,
      data: deps.market.demo.market,
    };
  }
  const keys = await loadAlpacaKeys(deps.db, deps.cipher, userId, mode);
  if (!keys) throw new MissingKeysError(mode);
  // A new adapter per tick and per read: the key's shared budget keeps them within its limit.
  const alpaca = alpacaClientsFor(deps.market, keys, mode);
  const data = await alpaca.connectMarketData();
  return { broker: alpaca.broker(), clock: data.clock, data };
}
