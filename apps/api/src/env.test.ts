import { describe, expect, it } from 'vitest';
import { loadEnv } from './env.js';

const KEY = 'ab'.repeat(32);

describe('apps/api settings', () => {
  it('has safe local defaults and parses the reserved usernames', () => {
    const env = loadEnv({ ENCRYPTION_KEY: KEY, RESERVED_USERNAMES: ' Admin , SUPPORT,,' });
    expect(env).toMatchObject({
      PORT: 3000,
      HOST: '127.0.0.1',
      REDIS_URL: 'redis://127.0.0.1:6379/0',
      ENCRYPTION_KEY: KEY,
    });
    expect(env.DATABASE_URL).toBe('postgresql://postgres@127.0.0.1:5432/tradebot');
    expect(env.RESERVED_USERNAMES).toEqual(['admin', 'support']);
    expect(env.SMTP_URL).toBeUndefined();
  });

  it('names the bad setting and the file to look at', () => {
    expect(() => loadEnv({ ENCRYPTION_KEY: KEY, PORT: 'eighty' })).toThrow(
      /apps\/api\/.env.example[\s\S]*PORT/,
    );
    expect(() => loadEnv({ ENCRYPTION_KEY: 'short' })).toThrow(
      'ENCRYPTION_KEY must be 64 hex characters (32 bytes)',
    );
  });

  it('takes the trusted proxies as addresses or CIDR ranges', () => {
    expect(loadEnv({ ENCRYPTION_KEY: KEY, TRUST_PROXY: '10.0.0.0/8, ::1' }).TRUST_PROXY).toBe(
      '10.0.0.0/8, ::1',
    );
    expect(loadEnv({ ENCRYPTION_KEY: KEY, TRUST_PROXY: '' }).TRUST_PROXY).toBeUndefined();
    expect(() => loadEnv({ ENCRYPTION_KEY: KEY, TRUST_PROXY: 'true; rm' })).toThrow(
      'TRUST_PROXY must be addresses or CIDR ranges, comma-separated',
    );
  });

  it('requires an encryption key in production', () => {
    expect(() => loadEnv({ NODE_ENV: 'production' })).toThrow(
      /ENCRYPTION_KEY is required in production/,
    );
  });
});
