import { describe, expect, it } from 'vitest';
import { useFakeFmp } from '../../test/fmp-harness.js';
import { appleProfile, appleRatios } from '../../test/fmp-server.js';
import {
  FmpError,
  FmpInvalidKeyError,
  FmpNotPermittedError,
  FmpPayloadError,
  FmpRateLimitError,
} from './errors.js';

/** The FMP adapter's failures: retries, typed errors, malformed payloads; never the key. */
const { state, KEY, sleeps, apple, adapter, failure } = useFakeFmp();

describe('failures', () => {
  it('retries a 429 after Retry-After, then succeeds', async () => {
    state.script.set('profile', [{ status: 429, body: {}, headers: { 'Retry-After': '2' } }]);
    const c = await adapter().getCompany('AAPL');
    expect(c?.symbol).toBe('AAPL');
    expect(sleeps).toEqual([2_000]);
    expect(state.requests.filter((u) => u.pathname.endsWith('/profile'))).toHaveLength(2);
  });

  it('backs off without Retry-After, caps long waits, and gives up with a typed error', async () => {
    state.script.set('profile', [
      { status: 429, body: {} },
      { status: 429, body: {}, headers: { 'Retry-After': '3600' } },
      { status: 429, body: {} },
    ]);
    const error = await failure(adapter({ maxRetries: 2, maxWaitMs: 10_000 }).getCompany('AAPL'));
    expect(error).toBeInstanceOf(FmpRateLimitError);
    expect((error as FmpRateLimitError).retryAfterMs).toBeUndefined();
    expect(error.message).toBe('FMP rate limit on profile?symbol=AAPL: still 429 after 3 attempts');
    expect(sleeps).toEqual([1_000, 10_000]);
  });

  it('retries a 503 and a network failure, then reports FMP unavailable', async () => {
    state.script.set('profile', [{ status: 503, body: {} }]);
    expect((await adapter().getCompany('AAPL'))?.symbol).toBe('AAPL');
    expect(sleeps).toEqual([1_000]);
    const down = adapter({
      maxRetries: 1,
      fetch: () => Promise.reject(new TypeError(`fetch failed: http://x/?apikey=${KEY}`)),
    });
    const error = await failure(down.getCompany('AAPL'));
    expect(error).toBeInstanceOf(FmpError);
    expect((error as FmpError).kind).toBe('unavailable');
    expect(error.message).toContain('apikey=REDACTED');
  });

  it('401 → invalid key', async () => {
    state.script.set('profile', [
      { status: 401, body: { 'Error Message': `Invalid API KEY. Your key: ${KEY}` } },
    ]);
    const error = await failure(adapter().getCompany('AAPL'));
    expect(error).toBeInstanceOf(FmpInvalidKeyError);
    expect((error as FmpError).kind).toBe('invalid-key');
    expect(error.message).toBe(
      'FMP rejected the API key (401) on profile?symbol=AAPL: invalid key',
    );
  });

  it('403 and 402 → the plan does not include this endpoint, with FMP’s reason redacted', async () => {
    state.script.set('shares-float', [
      {
        status: 403,
        body: { 'Error Message': `Restricted Endpoint: upgrade your plan (apikey=${KEY})` },
      },
    ]);
    const error = await failure(adapter().getCompany('AAPL'));
    expect(error).toBeInstanceOf(FmpNotPermittedError);
    expect((error as FmpError).status).toBe(403);
    expect(error.message).toContain('shares-float?symbol=AAPL (403)');
    expect(error.message).toContain('does not include this endpoint');
    expect(error.message).toContain('Restricted Endpoint: upgrade your plan (apikey=REDACTED)');
    state.script.set('ratios-ttm', [{ status: 402, body: { 'Error Message': 'Premium' } }]);
    const paid = await failure(adapter().getCompany('AAPL'));
    expect((paid as FmpError).kind).toBe('not-permitted');
  });

  it('a malformed payload is a typed error naming the field, and nothing is returned', async () => {
    state.script.set('profile', [
      { status: 200, body: [appleProfile({ price: '232.8', range: 'n/a' })] },
    ]);
    const error = await failure(adapter().getCompany('AAPL'));
    expect(error).toBeInstanceOf(FmpPayloadError);
    expect((error as FmpPayloadError).problems).toEqual([
      '[0].price: Invalid input: expected number, received string',
      '[0].range: expected "low-high"',
    ]);
    expect(error.message).toMatch(/^Malformed FMP payload from profile\?symbol=AAPL: /);
  });

  it('refuses a ratio of the wrong type, an object instead of an array, and non-JSON', async () => {
    state.script.set('ratios-ttm', [
      { status: 200, body: [appleRatios({ priceToEarningsRatioTTM: 'high' })] },
    ]);
    const ratio = await failure(adapter().getCompany('AAPL'));
    expect((ratio as FmpPayloadError).problems[0]).toMatch(/^\[0\]\.priceToEarningsRatioTTM: /);
    state.script.set('profile', [{ status: 200, body: { symbol: 'AAPL' } }]);
    expect(await failure(adapter().getCompany('AAPL'))).toBeInstanceOf(FmpPayloadError);
    state.script.set('profile', [{ status: 200, text: '<html>maintenance</html>' }]);
    const html = await failure(adapter().getCompany('AAPL'));
    expect((html as FmpPayloadError).problems).toEqual(['body is not JSON']);
  });

  it('refuses a listing quoted in another currency (the port is in US dollars)', async () => {
    state.script.set('profile', [{ status: 200, body: [appleProfile({ currency: 'EUR' })] }]);
    const error = await failure(adapter().getCompany('AAPL'));
    expect((error as FmpPayloadError).problems).toEqual(['[0].currency: expected USD']);
  });

  it('an "Error Message" answered with 200 is an error, not an empty company', async () => {
    state.script.set('profile', [{ status: 200, body: { 'Error Message': 'Limit Reach' } }]);
    const error = await failure(adapter().getCompany('AAPL'));
    expect((error as FmpError).kind).toBe('request-failed');
    expect(error.message).toBe('FMP answered profile?symbol=AAPL with: Limit Reach');
  });

  it('listUniverse rejects as a whole when one company fails', async () => {
    state.companies.set('MSFT', apple());
    state.script.set('key-metrics-ttm', [{ status: 401, body: {} }]);
    await failure(adapter({ symbols: ['AAPL', 'MSFT'] }).listUniverse());
  });
});
