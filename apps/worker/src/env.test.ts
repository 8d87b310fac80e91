import { describe, expect, it } from 'vitest';
import { loadEnv } from './env.js';

describe('apps/worker settings', () => {
  it('has safe local defaults', () => {
    expect(loadEnv({})).toMatchObject({
      REDIS_URL: 'redis://127.0.0.1:6379/0',
      MAIL_CONCURRENCY: 4,
    });
  });

  it('names the bad setting and the file to look at', () => {
    expect(() => loadEnv({ MAIL_CONCURRENCY: '0' })).toThrow(
      /apps\/worker\/.env.example[\s\S]*MAIL_CONCURRENCY/,
    );
    expect(() => loadEnv({ SMTP_URL: 'not a url' })).toThrow(/SMTP_URL/);
  });

  it('reads the optional FMP settings; a blank key is no key', () => {
    expect(loadEnv({}).FMP_API_KEY).toBeUndefined();
    expect(loadEnv({ FMP_API_KEY: '' }).FMP_API_KEY).toBeUndefined();
    expect(
      loadEnv({ FMP_API_KEY: ' abc ', FMP_BASE_URL: 'http://127.0.0.1:9/stable' }),
    ).toMatchObject({ FMP_API_KEY: 'abc', FMP_BASE_URL: 'http://127.0.0.1:9/stable' });
    expect(() => loadEnv({ FMP_BASE_URL: 'not a url' })).toThrow(/FMP_BASE_URL/);
  });
});
