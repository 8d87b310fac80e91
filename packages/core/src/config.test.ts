import { describe, expect, it } from 'vitest';
import { redisNamespace } from './config.js';

describe('redisNamespace', () => {
  it('is REDIS_PREFIX when set, else one stable name per database', () => {
    const a = 'postgresql://postgres@127.0.0.1:5432/tradebot';
    expect(redisNamespace({ REDIS_PREFIX: 'demo-eu', DATABASE_URL: a })).toBe('demo-eu');
    expect(redisNamespace({ DATABASE_URL: a })).toMatch(/^tb-[0-9a-f]{12}$/);
    expect(redisNamespace({ DATABASE_URL: a })).toBe(
      redisNamespace({ DATABASE_URL: 'postgresql://other-user:pw@127.0.0.1/tradebot' }),
    );
    expect(redisNamespace({ DATABASE_URL: a })).not.toBe(
      redisNamespace({ DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/tradebot_demo' }),
    );
  });
});
