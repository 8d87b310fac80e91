/**
 * What can go wrong when talking to Financial Modeling Prep, as typed errors a service can
 * branch on. FMP takes its key in the query string (`apikey=`), so every message is built from
 * the call's name without it (transport.ts `callName`) and passed through `redactKey` as well:
 * no message, log line or report ever holds the key.
 */
export type FmpErrorKind =
  | 'invalid-key'
  | 'not-permitted'
  | 'rate-limited'
  | 'malformed-payload'
  | 'request-failed'
  | 'unavailable';

export class FmpError extends Error {
  override name = 'FmpError';
  constructor(
    readonly kind: FmpErrorKind,
    message: string,
    /** HTTP status when FMP answered; absent for network failures and bad payloads. */
    readonly status?: number,
  ) {
    super(message);
  }
}

/** 401: the API key is wrong or revoked. Every other call with it fails the same way. */
export class FmpInvalidKeyError extends FmpError {
  override name = 'FmpInvalidKeyError';
  constructor(call: string) {
    super('invalid-key', `FMP rejected the API key (401) on ${call}: invalid key`, 401);
  }
}

/** 402/403: the key is valid, but its plan does not include this endpoint (or symbol). */
export class FmpNotPermittedError extends FmpError {
  override name = 'FmpNotPermittedError';
  constructor(call: string, status: number, detail: string) {
    super(
      'not-permitted',
      `FMP refused ${call} (${status}): the plan of this API key does not include this endpoint${detail ? ` (${detail})` : ''}`,
      status,
    );
  }
}

/** 429 after every retry the policy allows. */
export class FmpRateLimitError extends FmpError {
  override name = 'FmpRateLimitError';
  constructor(
    call: string,
    attempts: number,
    /** What FMP last asked us to wait, ms (Retry-After), when it said. */
    readonly retryAfterMs: number | undefined,
  ) {
    super('rate-limited', `FMP rate limit on ${call}: still 429 after ${attempts} attempts`, 429);
  }
}

/** A 2xx answer that is not the documented shape: nothing of it is returned. */
export class FmpPayloadError extends FmpError {
  override name = 'FmpPayloadError';
  constructor(
    call: string,
    /** One line per problem, e.g. `[0].price: expected number, received string`. */
    readonly problems: string[],
  ) {
    super('malformed-payload', `Malformed FMP payload from ${call}: ${problems.join('; ')}`);
  }
}

/** `text` with the key (and any `apikey=` parameter) replaced: for messages from elsewhere. */
export function redactKey(text: string, apiKey: string): string {
  const masked = text.replace(/(apikey=)[^&\s"']*/gi, '$1REDACTED');
  return apiKey ? masked.split(apiKey).join('REDACTED') : masked;
}
