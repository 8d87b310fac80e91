import {
  AlpacaMarketData,
  createAlpacaBroker,
  type AlpacaBrokerOptions,
  type AlpacaMarketDataOptions,
} from '@tradebot/market';
import type { AlpacaBudgetWait } from './alpaca-limiter.js';
import type { AlpacaKeys } from './alpaca-keys.js';
import type { MarketDeps } from './market-deps.js';

type Extra<T> = Omit<Partial<T>, 'keyId' | 'secret' | 'secretKey' | 'paper' | 'env' | 'limiter'>;

/**
 * The one place core builds Alpaca clients of a key: every adapter of the key (bot ticks,
 * dashboard reads, news, the connection test) waits on the key's shared request budget
 * (`market.alpacaLimiter`, Redis), so together they stay within Alpaca's limit however many
 * adapters are built. `wait` caps how long these clients wait for a slot (interactive reads
 * give up sooner).
 */
export function alpacaClientsFor(
  market: Pick<MarketDeps, 'alpacaEnv' | 'alpacaLimiter' | 'alpacaFeed'>,
  keys: AlpacaKeys,
  mode: 'paper' | 'live',
  wait?: AlpacaBudgetWait,
) {
  const limiter = market.alpacaLimiter?.(keys.keyId, wait);
  const paper = mode === 'paper';
  const dataOptions = (extra: Extra<AlpacaMarketDataOptions> = {}): AlpacaMarketDataOptions => ({
    ...(market.alpacaFeed ? { feed: market.alpacaFeed } : {}),
    ...extra,
    keyId: keys.keyId,
    secret: keys.secret,
    paper,
    env: market.alpacaEnv,
    ...(limiter ? { limiter } : {}),
  });
  return {
    /** Options for `AlpacaMarketData` (or an injected `connectAlpaca`). */
    dataOptions,
    marketData: (extra?: Extra<AlpacaMarketDataOptions>) =>
      new AlpacaMarketData(dataOptions(extra)),
    /** Market data whose clock has been read once (one request). */
    connectMarketData: (extra?: Extra<AlpacaMarketDataOptions>) =>
      AlpacaMarketData.connect(dataOptions(extra)),
    broker: (extra: Extra<AlpacaBrokerOptions> = {}) =>
      createAlpacaBroker({
        ...extra,
        keyId: keys.keyId,
        secretKey: keys.secret,
        paper,
        env: market.alpacaEnv,
        ...(limiter ? { limiter } : {}),
      }),
  };
}
