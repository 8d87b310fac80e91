import { retryAfterMs } from '../alpaca/transport.js';
import {
  FmpError,
  FmpInvalidKeyError,
  FmpNotPermittedError,
  FmpPayloadError,
  FmpRateLimitError,
  redactKey,
} from './errors.js';
import type { Limiter } from './limiter.js';

/**
 * One GET to FMP under the retry policy, returning the parsed JSON body.
 *
 * - 429: wait `Retry-After` (seconds or an HTTP date), else back off 1 s, 2 s, 4 s …, each wait
 *   capped at `maxWaitMs`; after `maxRetries` retries, `FmpRateLimitError`.
 * - 500/502/503/504 and network failures: the same back-off, then `FmpError('unavailable')`.
 * - 401 → `FmpInvalidKeyError`; 402/403 → `FmpNotPermittedError` (FMP answers 402 or 403 when
 *   the plan lacks an endpoint); any other status → `FmpError('request-failed')` at once.
 * - A 2xx body that is not JSON, or FMP's `{"Error Message": …}` object, is an error too.
 *
 * Only the request itself holds a slot of the limiter: a 429 wait does not block other symbols.
 */
export interface FmpTransport {
  baseUrl: string;
  apiKey: string;
  limit: Limiter;
  fetch: typeof fetch;
  maxRetries: number;
  maxWaitMs: number;
  sleep: (ms: number) => Promise<void>;
  /** Wall time, ms: only to turn an HTTP-date `Retry-After` into a wait. */
  wallTime: () => number;
}

const BACKOFF_BASE_MS = 1_000;
const RETRYABLE = new Set([500, 502, 503, 504]);

/** The call as messages name it: endpoint and parameters, never the key. */
export function callName(endpoint: string, params: Record<string, string>): string {
  const query = new URLSearchParams(params).toString();
  return query ? `${endpoint}?${query}` : endpoint;
}

/** FMP's error bodies are `{"Error Message": "…"}`; the text, redacted, or ''. */
function errorMessageOf(body: unknown, apiKey: string): string {
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    const message = (body as Record<string, unknown>)['Error Message'];
    if (typeof message === 'string') return redactKey(message, apiKey).slice(0, 300);
  }
  return '';
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

type Attempt =
  { done: true; body: unknown } | { done: false; wait: number | undefined; error: () => Error };

async function attempt(t: FmpTransport, url: string, call: string): Promise<Attempt> {
  let status: number;
  let text: string;
  let headers: Headers;
  try {
    ({ status, text, headers } = await t.limit(async () => {
      const res = await t.fetch(url, { headers: { accept: 'application/json' } });
      return { status: res.status, text: await res.text(), headers: res.headers };
    }));
  } catch (err) {
    const why = redactKey(err instanceof Error ? err.message : String(err), t.apiKey);
    return {
      done: false,
      wait: undefined,
      error: () => new FmpError('unavailable', `FMP could not be reached for ${call}: ${why}`),
    };
  }
  const json = parseJson(text);
  const detail = json.ok ? errorMessageOf(json.value, t.apiKey) : '';
  if (status >= 200 && status < 300) {
    if (!json.ok) throw new FmpPayloadError(call, ['body is not JSON']);
    if (detail)
      throw new FmpError('request-failed', `FMP answered ${call} with: ${detail}`, status);
    return { done: true, body: json.value };
  }
  if (status === 401) throw new FmpInvalidKeyError(call);
  if (status === 402 || status === 403) throw new FmpNotPermittedError(call, status, detail);
  if (status === 429) {
    const asked = retryAfterMs(headers.get('Retry-After'), t.wallTime);
    return {
      done: false,
      wait: asked === undefined ? undefined : Math.min(asked, t.maxWaitMs),
      error: () => new FmpRateLimitError(call, t.maxRetries + 1, asked),
    };
  }
  const failure = () =>
    new FmpError(
      RETRYABLE.has(status) ? 'unavailable' : 'request-failed',
      `FMP answered ${status} on ${call}${detail ? `: ${detail}` : ''}`,
      status,
    );
  if (RETRYABLE.has(status)) return { done: false, wait: undefined, error: failure };
  throw failure();
}

export async function getFmpJson(
  t: FmpTransport,
  endpoint: string,
  params: Record<string, string>,
): Promise<unknown> {
  const call = callName(endpoint, params);
  const query = new URLSearchParams({ ...params, apikey: t.apiKey });
  const url = `${t.baseUrl}/${endpoint}?${query.toString()}`;
  for (let retry = 0; ; retry++) {
    const result = await attempt(t, url, call);
    if (result.done) return result.body;
    if (retry >= t.maxRetries) throw result.error();
    await t.sleep(result.wait ?? Math.min(t.maxWaitMs, BACKOFF_BASE_MS * 2 ** retry));
  }
}
