import { AppError, server } from '@tradebot/api-contract';
import { botRunState, type MarketName } from '@tradebot/db';
import { BrokerError } from '@tradebot/market';
import type { ServiceDeps } from '../deps.js';
import type { ActiveMarketService } from '../active-market/active-market.js';
import type { SessionInfo } from '../types.js';
import { botMarketFor, MissingKeysError, type BotMarket, type BotMode } from './market.js';

export type BotDeps = Pick<
  ServiceDeps,
  'db' | 'cipher' | 'market' | 'limiter' | 'events' | 'botQueue' | 'alertQueue' | 'now'
> & {
  /** Where a user's bot trades (default `botMarketFor`); tests put a fake broker there. */
  marketFor?: typeof botMarketFor;
};

export interface BotAccount {
  market: MarketName;
  mode: BotMode;
}

/** Where a Start would put the bot now: the user's market, and on Alpaca their selected mode. */
export function selectedAccount(market: ActiveMarketService, session: SessionInfo): BotAccount {
  const name = market.marketOf(session);
  return { market: name, mode: name === 'demo' ? 'demo' : session.account.alpacaEnvironment };
}

/**
 * The account the dashboard shows and Quick Sell trades: the running bot's (market and mode are
 * fixed at Start), else the one the user has selected.
 */
export async function dashboardAccount(
  deps: BotDeps,
  market: ActiveMarketService,
  session: SessionInfo,
): Promise<BotAccount> {
  const state = await botRunState(deps.db, session.userId);
  if (state?.running)
    return { market: state.market as BotAccount['market'], mode: state.mode as BotMode };
  return selectedAccount(market, session);
}

/**
 * Opens the broker of `account`. `limited` reads count against the user's `botAlpacaReads`
 * bucket when they call Alpaca; orders (Quick Sell, the kill switch) are never refused by it.
 */
export async function openBotMarket(
  deps: BotDeps,
  userId: number,
  account: BotAccount,
  limited: boolean,
): Promise<BotMarket> {
  if (limited && account.market === 'alpaca')
    await deps.limiter.consume('botAlpacaReads', String(userId));
  try {
    return await (deps.marketFor ?? botMarketFor)(deps, userId, account.market, account.mode);
  } catch (error) {
    if (account.market === 'alpaca' && !(error instanceof BrokerError)) {
      if (error instanceof MissingKeysError) throw brokerAppError(error);
      // Connecting to Alpaca (reading its clock) failed outside the broker adapter.
      throw new AppError('BAD_REQUEST', server.brokerUnavailable);
    }
    throw brokerAppError(error);
  }
}

/** A broker's failure as the user's error (its message is safe; keys never reach it). */
export function brokerAppError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  if (error instanceof MissingKeysError)
    return new AppError('BAD_REQUEST', server.botNeedsKeys(error.mode));
  // Anything else is a fault of ours: it stays one (logged in full, answered with its id).
  if (!(error instanceof BrokerError)) return error;
  switch (error.code) {
    case 'rate_limited':
      return new AppError('TOO_MANY_REQUESTS', server.brokerUnavailable, 60);
    case 'unavailable':
    case 'unknown_outcome':
      return new AppError('BAD_REQUEST', server.brokerUnavailable);
    default:
      return new AppError('BAD_REQUEST', server.brokerRefused(error.message));
  }
}
