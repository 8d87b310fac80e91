import { describe, expect, it } from 'vitest';
import { coreEnvShape, parseEnv } from '../env.js';
import { alpacaClientsFor } from './alpaca-clients.js';

const keys = { keyId: 'PKTEST', secret: 'not-a-real-secret' };
const market = (feed?: 'iex' | 'sip') => ({ alpacaEnv: {}, ...(feed ? { alpacaFeed: feed } : {}) });

describe('Alpaca market-data feed (ALPACA_DATA_FEED)', () => {
  it('is iex unless the deployment asks for sip, and nothing else', () => {
    const parse = (source: NodeJS.ProcessEnv) => parseEnv(coreEnvShape, source, 'apps/api');
    expect(parse({}).ALPACA_DATA_FEED).toBe('iex');
    expect(parse({ ALPACA_DATA_FEED: 'sip' }).ALPACA_DATA_FEED).toBe('sip');
    expect(() => parse({ ALPACA_DATA_FEED: 'otc' })).toThrow(/ALPACA_DATA_FEED/);
  });

  it("reaches every market-data client core builds for a key (the bot's, backtests', loads')", () => {
    expect(alpacaClientsFor(market(), keys, 'paper').marketData().connection.feed).toBe('iex');
    expect(alpacaClientsFor(market('sip'), keys, 'paper').marketData().connection.feed).toBe('sip');
    expect(alpacaClientsFor(market('sip'), keys, 'live').marketData().connection).toMatchObject({
      feed: 'sip',
      paper: false,
    });
  });
});
