import { errors } from '@alpacahq/alpaca-trade-api/rest';
import type { z } from 'zod';
import { BrokerError } from '../ports/broker.port.js';
import { issueLines } from './schemas.js';
import {
  BACKOFF_BASE_MS,
  acquireSlot,
  pauseBudget,
  waitAskedFor,
  type RetryPolicy,
} from './transport.js';

/**
 * The retry policy of transport.ts, for trading calls, ending in `BrokerError`s.
 *
 * - 429: wait as Alpaca asks (`Retry-After`, else `X-RateLimit-Reset`, else 1 s, 2 s, 4 s …),
 *   then `rate_limited` after `maxRetries` retries. A 429 is a refusal, so even a submit is
 *   retried.
 * - 5xx, network failures and timeouts: a read (`safe`) is retried, then `unavailable`. A submit
 *   is not: the order may have reached Alpaca, so `unknown_outcome` at once (the caller looks it
 *   up by client order id). A refused connection never reached Alpaca: `unavailable`.
 * - 401 `invalid_keys`; 403 `insufficient_buying_power`, `pattern_day_trader` or
 *   `not_permitted` by Alpaca's message; 404 `not_found` (or `onNotFound`); 400/422 `rejected`.
 */
export interface BrokerCallOptions<T> {
  /** Safe to send again (reads, cancel): retried after 5xx and network failures. */
  safe: boolean;
  onNotFound?: () => T;
  /** A 422 that means something else (a duplicate client order id): a value, or undefined. */
  onUnprocessable?: (message: string) => T | undefined;
}

const RETRYABLE_STATUSES = new Set([500, 502, 503, 504]);
const NEVER_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN']);

function backoff(retry: number, policy: RetryPolicy): number {
  return Math.min(policy.maxWaitMs, BACKOFF_BASE_MS * 2 ** retry);
}

/** The system error code under a FetchError (undici nests it: cause.cause.code). */
function networkCode(err: Error): string | undefined {
  let e: unknown = err;
  for (let depth = 0; depth < 4 && e instanceof Error; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    e = e.cause;
  }
  return undefined;
}

/** Alpaca's error codes for the two order refusals the bot handles on their own. */
const INSUFFICIENT_BUYING_POWER = 40310000;
const PATTERN_DAY_TRADER = 40310100;

/** A 403's meaning, from Alpaca's error code, else its message ("insufficient buying power"). */
export function forbiddenError(message: string, call: string, code?: number | string): BrokerError {
  const m = message.toLowerCase();
  // "insufficient qty available for order": open orders (a bracket's legs) hold the shares.
  // It may come with the buying-power code (40310000), so the message decides first.
  if (m.includes('insufficient qty')) {
    return new BrokerError('rejected', `Alpaca refused ${call}: ${message}`);
  }
  if (Number(code) === PATTERN_DAY_TRADER || m.includes('pattern day trad')) {
    return new BrokerError('pattern_day_trader', `Alpaca refused ${call}: ${message}`);
  }
  if (Number(code) === INSUFFICIENT_BUYING_POWER || m.includes('buying power')) {
    return new BrokerError('insufficient_buying_power', `Alpaca refused ${call}: ${message}`);
  }
  return new BrokerError('not_permitted', `Alpaca refused ${call} for these keys: ${message}`);
}

function statusError(err: errors.ApiError, call: string): BrokerError {
  const message = err.message;
  if (err.status === 401) {
    return new BrokerError('invalid_keys', 'Alpaca rejected the API key id or secret (401)');
  }
  if (err.status === 403) return forbiddenError(message, call, err.code);
  if (err.status === 404) return new BrokerError('not_found', `Alpaca found nothing for ${call}`);
  if (err.status === 400 || err.status === 422) {
    return new BrokerError('rejected', `Alpaca rejected ${call}: ${message}`);
  }
  return new BrokerError('unavailable', `Alpaca answered ${err.status} on ${call}`);
}

/** Runs one SDK `…Raw` call under the policy; resolves to the body text (or `onNotFound()`). */
export async function brokerCall<T = never>(
  call: string,
  send: () => Promise<{ raw: Response }>,
  policy: RetryPolicy,
  options: BrokerCallOptions<T>,
): Promise<string | T> {
  for (let retry = 0; ; retry++) {
    let wait: number;
    // Not sent: a refusal, never an unknown outcome, even for a submit.
    await acquireSlot(policy, (kind, why) => {
      const code = kind === 'rate-limited' ? 'rate_limited' : 'unavailable';
      return new BrokerError(code, `${call} not sent: ${why}`);
    });
    try {
      const res = await send();
      return await res.raw.text();
    } catch (err) {
      if (err instanceof errors.ApiError) {
        if (err.status === 404 && options.onNotFound) return options.onNotFound();
        if (err.status === 422 && options.onUnprocessable) {
          const value = options.onUnprocessable(err.message);
          if (value !== undefined) return value;
        }
        if (err.status === 429) {
          const asked = waitAskedFor(err.response.headers, policy.wallTime);
          await pauseBudget(policy, asked);
          if (retry >= policy.maxRetries) {
            throw new BrokerError(
              'rate_limited',
              `Alpaca's rate limit: ${call} still refused after ${retry + 1} attempts`,
            );
          }
          wait = asked === undefined ? backoff(retry, policy) : Math.min(asked, policy.maxWaitMs);
        } else if (RETRYABLE_STATUSES.has(err.status)) {
          if (!options.safe) throw lostError(call, `Alpaca answered ${err.status}`);
          if (retry >= policy.maxRetries) throw statusError(err, call);
          wait = backoff(retry, policy);
        } else {
          throw statusError(err, call);
        }
      } else if (err instanceof errors.FetchError) {
        const code = networkCode(err);
        const neverSent = code !== undefined && NEVER_SENT.has(code);
        if (!options.safe && !neverSent) throw lostError(call, 'the answer was lost');
        if (retry >= policy.maxRetries) {
          throw new BrokerError('unavailable', `Alpaca could not be reached for ${call}`);
        }
        wait = backoff(retry, policy);
      } else {
        throw err;
      }
    }
    await policy.sleep(wait);
  }
}

function lostError(call: string, why: string): BrokerError {
  return new BrokerError(
    'unknown_outcome',
    `${call}: ${why}; the order may or may not have reached Alpaca`,
  );
}

/** Parses a trading answer, or `unavailable` naming what was wrong (never part of it). */
export function parseBroker<S extends z.ZodType>(schema: S, text: string, call: string) {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new BrokerError('unavailable', `Alpaca's answer to ${call} is not JSON`);
  }
  const result = schema.safeParse(json);
  if (result.success) return result.data;
  throw new BrokerError(
    'unavailable',
    `Alpaca's answer to ${call} is malformed: ${issueLines(result.error).join('; ')}`,
  );
}
