import type { TBotStatus } from '@tradebot/api-contract';
import { describe, expect, it } from 'vitest';
import { chartSymbols, mergeStatus, updateLists } from './bot-update';

const stopped: TBotStatus = {
  status: 'stopped',
  mode: 'demo',
  equity: 10_000,
  cash: 10_000,
  buying_power: 20_000,
  last_activity: null,
  daily_pnl: 0,
  drawdown_pct: 0,
  halted: false,
  halt_reason: null,
  last_tick_at: null,
  last_error: null,
};

const position = {
  symbol: 'AAPL',
  qty: 12,
  side: 'long',
  avg_entry_price: 187.2,
  current_price: 190,
  market_value: 2280,
  unrealized_pl: 33.6,
};

describe('a /ws update folded into the dashboard', () => {
  it("moves the last check's time on every tick, and its error", () => {
    const ran = mergeStatus(
      { ...stopped, last_tick_at: '2026-01-05T15:00:00.000Z', last_error: 'Broker down' },
      { last_tick_at: '2026-01-05T15:02:00.000Z', last_error: null },
    );
    expect(ran?.last_tick_at).toBe('2026-01-05T15:02:00.000Z');
    expect(ran?.last_error).toBeNull();
    const failed = mergeStatus(stopped, {
      last_tick_at: '2026-01-05T15:04:00.000Z',
      last_error: 'Broker down',
    });
    expect(failed?.last_error).toBe('Broker down');
    // An update without them (Start, kill switch) keeps the cached ones.
    expect(mergeStatus(ran, { status: 'stopped' })?.last_tick_at).toBe('2026-01-05T15:02:00.000Z');
  });

  it('replaces the figures it carries and keeps the rest', () => {
    const next = mergeStatus(stopped, {
      status: 'running',
      equity: 10_050.5,
      daily_pnl: 50.5,
      last_activity: '2026-01-05T15:30:00.000Z',
    });
    expect(next).toEqual({
      ...stopped,
      status: 'running',
      equity: 10_050.5,
      daily_pnl: 50.5,
      last_activity: '2026-01-05T15:30:00.000Z',
    });
    // The halt and the mode are not in updates: they stay as the status read said.
    expect(next?.mode).toBe('demo');
  });

  it('ignores a status it does not know and figures that are not numbers', () => {
    const next = mergeStatus(stopped, { status: 'exploded', equity: Number.NaN });
    expect(next).toEqual(stopped);
  });

  it('has nothing to fold into before the first status read', () => {
    expect(mergeStatus(undefined, { status: 'running' })).toBeUndefined();
  });

  it('takes lists of the read shapes and refuses others', () => {
    expect(updateLists({ positions: [position] }).positions).toEqual([position]);
    expect(updateLists({ positions: [{ symbol: 'AAPL' }] }).positions).toBeNull();
    expect(updateLists({}).trackedSymbols).toBeNull();
    expect(updateLists({ trackedSymbols: [] }).trackedSymbols).toEqual([]);
  });

  it('lists chartable symbols once, held first', () => {
    expect(chartSymbols([{ symbol: 'MSFT' }, { symbol: 'AAPL' }], [{ symbol: 'AAPL' }])).toEqual([
      'AAPL',
      'MSFT',
    ]);
    expect(chartSymbols(undefined, undefined)).toEqual([]);
  });
});
