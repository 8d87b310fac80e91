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
});
