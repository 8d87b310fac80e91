import {
  AppError,
  server,
  type TTestConnectionInput,
  type TTestConnectionOutput,
  type TTradingEnvironment,
} from '@tradebot/api-contract';
import { BrokerError, maskAccountNumber } from '@tradebot/market';
import type { ServiceDeps } from '../deps.js';
import { alpacaClientsFor } from '../active-market/alpaca-clients.js';
import { loadAlpacaKeys } from '../active-market/alpaca-keys.js';
import type { SessionInfo } from '../types.js';

/**
 * A button press: one attempt, no retries (the user can press again), answered within 10 s.
 * The SDK sends the keys in headers only; nothing here logs or returns them.
 */
const ONE_TRY = { maxRetries: 0, maxWaitMs: 0 } as const;
const TIMEOUT_MS = 10_000;
/** The longest wait for a slot of the key's shared request budget. */
const SLOT_WAIT = { maxWaitMs: 5000 } as const;

function appErrorOf(error: BrokerError, environment: TTradingEnvironment): AppError {
  switch (error.code) {
    case 'invalid_keys':
      return new AppError('BAD_REQUEST', server.alpacaInvalidKeys(environment));
    case 'rate_limited':
      return new AppError('TOO_MANY_REQUESTS', server.alpacaRateLimited, 60);
    case 'not_permitted':
    case 'insufficient_buying_power':
    case 'pattern_day_trader':
    case 'rejected':
    case 'not_found':
      return new AppError('BAD_REQUEST', server.alpacaNotPermitted);
    default:
      return new AppError('BAD_REQUEST', server.alpacaUnavailable);
  }
}

/**
 * "Test connection" (account settings): reads the Alpaca account with the entered key and
 * secret, else the saved pair of the mode, and shows status, buying power and the masked
 * account number.
 */
export function testConnectionService(deps: ServiceDeps) {
  const { db, cipher, limiter } = deps;

  return async function testConnection(
    session: SessionInfo,
    input: TTestConnectionInput,
  ): Promise<TTestConnectionOutput> {
    const environment = input.environment ?? session.account.alpacaEnvironment;
    if ((input.key === undefined) !== (input.secret === undefined))
      throw new AppError('BAD_REQUEST', server.incompletePair(environment));
    const keys =
      input.key !== undefined && input.secret !== undefined
        ? { keyId: input.key, secret: input.secret }
        : await loadAlpacaKeys(db, cipher, session.userId, environment);
    if (!keys) throw new AppError('BAD_REQUEST', server.noSavedKeys(environment));
    await limiter.consume('alpacaTestAccount', String(session.userId));
    const broker = alpacaClientsFor(deps.market, keys, environment, SLOT_WAIT).broker({
      retry: ONE_TRY,
      timeoutMs: TIMEOUT_MS,
    });
    try {
      const account = await broker.getAccount();
      return {
        status: account.status,
        buying_power: account.buyingPower,
        account_number: maskAccountNumber(account.accountNumber),
        environment,
      };
    } catch (error) {
      if (error instanceof BrokerError) throw appErrorOf(error, environment);
      throw error;
    }
  };
}
