import { botTick, type TBacktestSettings } from '@tradebot/api-contract';
import type { Db, MarketName } from '@tradebot/db';
import {
  AlpacaError,
  BrokerError,
  dayFromIso,
  isoFromDay,
  lastCompletedTradingDay,
  type BrokerPort,
  type MarketClock,
  type MarketDataPort,
} from '@tradebot/market';
import { topUpBehind, type AlpacaBarsFeed } from '../backtest/alpaca-bars.js';
import { alpacaBarsOver } from '../backtest/alpaca-supplier.js';
import { storedBars } from '../backtest/stored-bars.js';
import type { ServiceDeps } from '../deps.js';
import { demoBrokerFor } from '../demo-market/demo-broker.js';
import { alpacaClientsFor } from '../active-market/alpaca-clients.js';
import { loadAlpacaKeys } from '../active-market/alpaca-keys.js';
import { countBrokerError, countedBroker } from './counted-broker.js';

export type BotMode = 'demo' | 'paper' | 'live';

/** The bars the bot decides on and the last trades its trailing stops watch. */
export interface BotData extends Pick<MarketDataPort, 'getDailyBars' | 'getLatestTrade'> {
  /**
   * Brings the bars of `symbols` up to the last session completed at `now` (ms) before they are
   * decided (Alpaca: the cache the backtests read); throws a BrokerError when it cannot, so
   * nothing is decided on older bars. Absent where the bars are always current (the demo market).
   */
  prepare?(symbols: readonly string[], now: number): Promise<void>;
}

/** Where a user's bot trades: the broker, the market's clock and its bars, all of one market. */
export interface BotMarket {
  broker: BrokerPort;
  clock: MarketClock;
  data: BotData;
}

/** The user has no saved keys for the mode the bot was started in. */
export class MissingKeysError extends Error {
  override readonly name = 'MissingKeysError';
  constructor(readonly mode: 'paper' | 'live') {
    super(`no saved ${mode} keys`);
  }
}

/**
 * An Alpaca bot's bars: the cache the backtests read (`daily_bars` of source `alpaca`), topped up
 * through `supplier` before deciding; the last trades live from Alpaca.
 */
export function cachedBotData(
  db: Db,
  supplier: AlpacaBarsFeed,
  live: Pick<MarketDataPort, 'getLatestTrade'>,
): BotData {
  return {
    getDailyBars: (symbol, range) =>
      storedBars(db, 'alpaca', symbol, dayFromIso(range.from), dayFromIso(range.to)),
    getLatestTrade: (symbol) => live.getLatestTrade(symbol),
    async prepare(symbols, now) {
      try {
        await topUpBehind(db, supplier, symbols, now);
      } catch (error) {
        if (!(error instanceof AlpacaError || error instanceof BrokerError)) throw error;
        throw new BrokerError(
          'unavailable',
          botTick.barsNotToppedUp(isoFromDay(lastCompletedTradingDay(now)), error.message),
        );
      }
    },
  };
}

/**
 * The bot's market of one user: on the demo market the simulated broker and the demo clock; on
 * Alpaca the broker, the clock and the last trades with the keys of the mode the bot was started
 * in (decrypted for this tick only, never logged), and the cached bars (cachedBotData) the
 * backtests read. Alpaca's clock is read once per call (one request).
 */
export async function botMarketFor(
  deps: Pick<ServiceDeps, 'db' | 'cipher' | 'market'>,
  userId: number,
  market: MarketName,
  mode: BotMode,
  /** The user's backtest settings when the caller has read them (the demo broker's costs). */
  backtest?: TBacktestSettings,
): Promise<BotMarket> {
  if (market === 'demo' || mode === 'demo') {
    return {
      broker: countedBroker(await demoBrokerFor(deps, userId, backtest)),
      clock: deps.market.demo.clock,
      data: deps.market.demo.market,
    };
  }
  const keys = await loadAlpacaKeys(deps.db, deps.cipher, userId, mode);
  if (!keys) throw new MissingKeysError(mode);
  // A new adapter per tick and per read: the key's shared budget keeps them within its limit.
  const alpaca = alpacaClientsFor(deps.market, keys, mode);
  const data = await alpaca.connectMarketData().catch(countBrokerError);
  const bars = cachedBotData(deps.db, alpacaBarsOver(deps.db, data, data.connection.feed), data);
  return { broker: countedBroker(alpaca.broker()), clock: data.clock, data: bars };
}
