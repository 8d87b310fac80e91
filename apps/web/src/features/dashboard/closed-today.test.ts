import type { TBotTrade } from '@tradebot/api-contract';
import { describe, expect, it } from 'vitest';
import { closedToday } from './closed-today';

const trade = (symbol: string, entry: string, exit: string, reason: string | null): TBotTrade => ({
  symbol,
  side: 'long',
  qty: 85,
  entry_price: 12.3,
  exit_price: 11.95,
  entry_at: entry,
  exit_at: exit,
  pnl: -29.75,
  reason,
});

describe('closedToday', () => {
  it('lists the same-session trades of the newest session not held now', () => {
    const trades = [
      trade('KUPR', '2026-01-09T14:30:00.000Z', '2026-01-09T21:00:00.000Z', 'stop_loss'),
      trade('OLD', '2026-01-08T14:30:00.000Z', '2026-01-08T21:00:00.000Z', 'stop_loss'),
      trade('SWING', '2026-01-07T14:30:00.000Z', '2026-01-09T21:00:00.000Z', 'signal'),
      trade('HELD', '2026-01-09T14:30:00.000Z', '2026-01-09T15:00:00.000Z', 'take_profit'),
    ];
    expect(closedToday(trades, ['HELD'])).toEqual([
      'KUPR: bought 85 at $12.30, stopped out at $11.95 the same session',
    ]);
    expect(closedToday(undefined, [])).toEqual([]);
  });
});
