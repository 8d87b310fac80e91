/**
 * What can go wrong when talking to Alpaca, as typed errors a service can branch on. Messages
 * name the call and what went wrong; they never hold the keys (the SDK sends them in headers,
 * and nothing here copies headers into a message).
 */
export type AlpacaErrorKind =
  | 'invalid-keys'
  | 'not-permitted'
  | 'rate-limited'
  | 'malformed-payload'
  | 'request-failed'
  | 'unavailable';

export class AlpacaError extends Error {
  override name = 'AlpacaError';
  constructor(
    readonly kind: AlpacaErrorKind,
    message: string,
    /** HTTP status when Alpaca answered; absent for network failures and bad payloads. */
    readonly status?: number,
  ) {
    super(message);
  }
}

/** 401: the key id or secret is wrong (or revoked). */
export class AlpacaInvalidKeysError extends AlpacaError {
  override name = 'AlpacaInvalidKeysError';
  constructor(call: string) {
    super('invalid-keys', `Alpaca rejected the API keys (401) on ${call}`, 401);
  }
}

/** 403: the keys are valid but not allowed this (e.g. SIP data without a subscription). */
export class AlpacaNotPermittedError extends AlpacaError {
  override name = 'AlpacaNotPermittedError';
  constructor(call: string, detail: string) {
    super('not-permitted', `Alpaca refused ${call} for these keys (403): ${detail}`, 403);
  }
}

/** 429 after every retry allowed by the policy. */
export class AlpacaRateLimitError extends AlpacaError {
  override name = 'AlpacaRateLimitError';
  constructor(
    call: string,
    attempts: number,
    /** What Alpaca last asked us to wait, ms (Retry-After), when it said. */
    readonly retryAfterMs: number | undefined,
  ) {
    super(
      'rate-limited',
      `Alpaca rate limit on ${call}: still 429 after ${attempts} attempts`,
      429,
    );
  }
}

/** A 2xx answer whose body is not the documented shape: nothing of it is returned. */
export class AlpacaPayloadError extends AlpacaError {
  override name = 'AlpacaPayloadError';
  constructor(
    call: string,
    /** What was wrong, one line per problem, e.g. `bars[1].c: expected number, received string`. */
    readonly problems: string[],
  ) {
    super('malformed-payload', `Malformed Alpaca payload from ${call}: ${problems.join('; ')}`);
  }
}

/**
 * The shared request budget of a key had no free slot within the limiter's longest wait: the
 * request was never sent. Thrown by a `RequestLimiter` (core's Redis limiter); the adapters turn
 * it into their rate-limited error.
 */
export class RequestSlotTimeoutError extends Error {
  override name = 'RequestSlotTimeoutError';
  constructor(readonly waitedMs: number) {
    super(`no free request slot for this Alpaca key within ${Math.round(waitedMs / 1000)} s`);
  }
}
