import { errors } from '@alpacahq/alpaca-trade-api/rest';
import type { RequestLimiter } from '../ports/universe-data.port.js';
import {
  RequestSlotTimeoutError,
  AlpacaError,
  AlpacaInvalidKeysError,
  AlpacaNotPermittedError,
  AlpacaRateLimitError,
} from './errors.js';

/**
 * The retry policy around one SDK call. The SDK's own retry is switched off (client.ts) so that
 * this is the only one: it honours `Retry-After`, waits through an injected `sleep` (tests do not
 * wait), and ends in our typed errors.
 *
 * - 429: wait `Retry-After` (seconds or an HTTP date), else until `X-RateLimit-Reset`, else back
 *   off 1 s, 2 s, 4 s …, each wait capped at `maxWaitMs`; after `maxRetries` retries,
 *   `AlpacaRateLimitError`.
 * - 500/502/503/504 and network failures: the same back-off, then `AlpacaError('unavailable')`.
 * - 401 → `AlpacaInvalidKeysError`, 403 → `AlpacaNotPermittedError`, other statuses →
 *   `AlpacaError('request-failed')` at once (retrying cannot help).
 */
export interface RetryPolicy {
  maxRetries: number;
  maxWaitMs: number;
  sleep: (ms: number) => Promise<void>;
  /** Wall time, ms: only to turn an HTTP-date `Retry-After` into a wait. */
  wallTime: () => number;
  /** The key's shared request budget: every attempt (each page, each retry) waits for a slot. */
  limiter?: AlpacaRequestLimiter | undefined;
}

/** A `RequestLimiter` that may also hold back every client of its key (after a 429). */
export interface AlpacaRequestLimiter extends RequestLimiter {
  /** Lets no client of the key send for `ms` (Alpaca answered 429 and asked to wait). */
  pause?(ms: number): Promise<void>;
}

/**
 * Waits for the key's shared budget before one HTTP request. The wait happens here, outside the
 * SDK's per-request timeout, so a long wait never turns into a timed-out (maybe sent) request.
 * A failure to get a slot means nothing was sent: `toError` names it for the caller's port.
 */
export async function acquireSlot(
  policy: RetryPolicy,
  toError: (kind: 'rate-limited' | 'unavailable', message: string) => Error,
): Promise<void> {
  if (!policy.limiter) return;
  try {
    await policy.limiter.acquire();
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    throw toError(err instanceof RequestSlotTimeoutError ? 'rate-limited' : 'unavailable', why);
  }
}

/** After a 429: the key's other clients hold back for the wait Alpaca asked for (best effort). */
export async function pauseBudget(policy: RetryPolicy, waitMs: number | undefined): Promise<void> {
  if (!policy.limiter?.pause || waitMs === undefined || waitMs <= 0) return;
  try {
    await policy.limiter.pause(waitMs);
  } catch {
    // The pause only spares other callers a 429; this call still waits as Alpaca asked.
  }
}

export const BACKOFF_BASE_MS = 1_000;
const RETRYABLE_STATUSES = new Set([500, 502, 503, 504]);

/** The wait `Retry-After` asks for, ms, or undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, wallTime: () => number): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - wallTime());
}

/**
 * The wait a 429 asks for: `Retry-After`, else `X-RateLimit-Reset` (unix seconds when Alpaca's
 * window refills; what Alpaca itself sends), else undefined.
 */
export function waitAskedFor(headers: Headers, wallTime: () => number): number | undefined {
  const retryAfter = retryAfterMs(headers.get('Retry-After'), wallTime);
  if (retryAfter !== undefined) return retryAfter;
  const reset = Number(headers.get('X-RateLimit-Reset') ?? NaN);
  return Number.isFinite(reset) && reset > 0 ? Math.max(0, reset * 1000 - wallTime()) : undefined;
}

function backoff(retry: number, policy: RetryPolicy): number {
  return Math.min(policy.maxWaitMs, BACKOFF_BASE_MS * 2 ** retry);
}

/** The final error for a non-retryable (or exhausted) failure of `call`. */
function finalError(err: unknown, call: string, attempts: number, lastWait?: number): Error {
  if (err instanceof errors.ApiError) {
    if (err.status === 401) return new AlpacaInvalidKeysError(call);
    if (err.status === 403) return new AlpacaNotPermittedError(call, err.message);
    if (err.status === 429) return new AlpacaRateLimitError(call, attempts, lastWait);
    const kind = RETRYABLE_STATUSES.has(err.status) ? 'unavailable' : 'request-failed';
    return new AlpacaError(
      kind,
      `Alpaca answered ${err.status} on ${call}: ${err.message}`,
      err.status,
    );
  }
  if (err instanceof errors.FetchError) {
    const why = err.cause?.message ?? err.message;
    return new AlpacaError('unavailable', `Alpaca could not be reached for ${call}: ${why}`);
  }
  return err instanceof Error ? err : new Error(String(err));
}

/**
 * Runs `send` (one SDK `…Raw` call) under the retry policy and returns the response body as text.
 * `onNotFound` turns a 404 into a value (latest trade of an unknown symbol → null).
 */
export async function callAlpaca<T = never>(
  call: string,
  send: () => Promise<{ raw: Response }>,
  policy: RetryPolicy,
  onNotFound?: () => T,
): Promise<string | T> {
  for (let retry = 0; ; retry++) {
    let wait: number | undefined;
    await acquireSlot(policy, (kind, why) => new AlpacaError(kind, `${call} not sent: ${why}`));
    try {
      const res = await send();
      return await res.raw.text();
    } catch (err) {
      if (err instanceof errors.ApiError && err.status === 404 && onNotFound) return onNotFound();
      if (err instanceof errors.ApiError && err.status === 429) {
        const asked = waitAskedFor(err.response.headers, policy.wallTime);
        wait = asked === undefined ? backoff(retry, policy) : Math.min(asked, policy.maxWaitMs);
        await pauseBudget(policy, asked);
        if (retry >= policy.maxRetries) throw finalError(err, call, retry + 1, asked);
      } else if (
        (err instanceof errors.ApiError && RETRYABLE_STATUSES.has(err.status)) ||
        err instanceof errors.FetchError
      ) {
        wait = backoff(retry, policy);
        if (retry >= policy.maxRetries) throw finalError(err, call, retry + 1);
      } else {
        throw finalError(err, call, retry + 1);
      }
    }
    await policy.sleep(wait);
  }
}
