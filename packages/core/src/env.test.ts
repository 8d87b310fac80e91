import { describe, expect, it } from 'vitest';
import { coreEnvShape, parseEnv, queueNamespace } from './env.js';

describe('queueNamespace', () => {
  it('is REDIS_PREFIX when set, else one stable name per database', () => {
    const a = 'postgresql://postgres@127.0.0.1:5432/tradebot';
    expect(queueNamespace({ REDIS_PREFIX: 'demo-eu', DATABASE_URL: a })).toBe('demo-eu');
    expect(queueNamespace({ DATABASE_URL: a })).toMatch(/^tb-[0-9a-f]{12}$/);
    expect(queueNamespace({ DATABASE_URL: a })).toBe(
      queueNamespace({ DATABASE_URL: 'postgresql://other-user:pw@127.0.0.1/tradebot' }),
    );
    expect(queueNamespace({ DATABASE_URL: a })).not.toBe(
      queueNamespace({ DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/tradebot_demo' }),
    );
  });
});

describe('market settings', () => {
  const parse = (source: NodeJS.ProcessEnv) => parseEnv(coreEnvShape, source, 'apps/api');
  it('defaults to each user’s choice and a running demo clock from a fixed instant', () => {
    const env = parse({});
    expect(env.MARKET_SOURCE).toBe('auto');
    expect(env.DEMO_SEED).toBe(1);
    expect(env.DEMO_TRADING_DAYS_PER_MINUTE).toBe(1);
    expect(env.DEMO_CLOCK_START).toBe('2026-01-05T14:00:00Z');
  });
  it('accepts demo and a paused clock, refuses anything else by name', () => {
    expect(parse({ MARKET_SOURCE: 'demo', DEMO_TRADING_DAYS_PER_MINUTE: '0' })).toMatchObject({
      MARKET_SOURCE: 'demo',
      DEMO_TRADING_DAYS_PER_MINUTE: 0,
    });
    expect(() => parse({ MARKET_SOURCE: 'alpaca' })).toThrow(/MARKET_SOURCE/);
    expect(() => parse({ DEMO_TRADING_DAYS_PER_MINUTE: '-1' })).toThrow(
      /DEMO_TRADING_DAYS_PER_MINUTE/,
    );
    expect(() => parse({ DEMO_CLOCK_START: 'monday' })).toThrow(/DEMO_CLOCK_START/);
    expect(() => parse({ ALPACA_TRADING_URL: 'not a url' })).toThrow(/ALPACA_TRADING_URL/);
  });
});
