import { describe, expect, it } from 'vitest';
import { matchTwin, pairGap, type LiveTrip, type TwinExplain } from './twin.js';
import type { PortfolioTrade } from './types.js';

const DAY = 86_400_000;
const D0 = Date.UTC(2025, 5, 2);

function twinTrade(over: Partial<PortfolioTrade> = {}): PortfolioTrade {
  const t = {
    symbol: 'AAA',
    side: 'long' as const,
    entryTime: D0,
    exitTime: D0 + 3 * DAY,
    quantity: 10,
    entryPrice: 100,
    exitPrice: 110,
    fees: 0.1,
    reason: 'signal' as const,
    ...over,
  };
  const pnl = (t.side === 'long' ? 1 : -1) * t.quantity * (t.exitPrice - t.entryPrice);
  return { ...t, pnl, netPnl: pnl - t.fees };
}

/** The live trip of a twin trade, filled during its sessions (14:30 UTC). */
function liveOf(t: PortfolioTrade, over: Partial<LiveTrip & { fees: number }> = {}): LiveTrip {
  const l = {
    symbol: t.symbol,
    side: t.side,
    quantity: t.quantity,
    entryTime: t.entryTime + 52_200_000,
    exitTime: t.exitTime + 52_200_000,
    entryPrice: t.entryPrice,
    exitPrice: t.exitPrice,
    reason: t.reason as string | null,
    fees: t.fees,
    ...over,
  };
  const s = l.side === 'long' ? 1 : -1;
  const { fees, ...trip } = l;
  return { ...trip, netPnl: s * l.quantity * (l.exitPrice - l.entryPrice) - fees };
}

const none: TwinExplain = { missed: () => 'not_filled', extra: () => null };

describe('live trades against their twin', () => {
  it('the same trades match with a gap of exactly 0', () => {
    const twin = [twinTrade(), twinTrade({ symbol: 'BBB', side: 'short', exitPrice: 95 })];
    const { rows, totals } = matchTwin(
      twin.map((t) => liveOf(t)),
      twin,
      none,
    );
    expect(rows.map((r) => r.status)).toEqual(['matched', 'matched']);
    expect(rows.every((r) => r.entryDiff === 0 && r.exitDiff === 0)).toBe(true);
    expect(totals.gap).toEqual({ entry: 0, exit: 0, quantity: 0, fees: 0, total: 0 });
    expect(totals.liveNetPnl).toBe(totals.twinNetPnl);
  });

  it('splits the gap of a pair into entry, exit, quantity and fees that add up', () => {
    const t = twinTrade({ side: 'short', exitPrice: 90 });
    const l = liveOf(t, { entryPrice: 99.5, exitPrice: 90.2, quantity: 7, fees: 0.3 });
    const gap = pairGap(l, t);
    // Short: a lower entry costs (100 − 99.5) × 10, a higher exit 0.2 × 10.
    expect(gap.entry).toBe(-5);
    expect(gap.exit).toBe(-2);
    // Three shares fewer of the live move (99.5 → 90.2, short).
    expect(gap.quantity).toBeCloseTo(-3 * 9.3, 10);
    expect(gap.fees).toBeCloseTo(-0.2, 10);
    expect(gap.total).toBeCloseTo(l.netPnl - t.netPnl, 2);
  });

  it('a twin trade without a live one is missed with the reason given; a live one alone is extra', () => {
    const a = twinTrade();
    const b = twinTrade({ symbol: 'BBB', entryTime: D0 + DAY, exitTime: D0 + 2 * DAY });
    const stray = liveOf(twinTrade({ symbol: 'CCC' }));
    const explain: TwinExplain = {
      missed: (t) => (t.symbol === 'BBB' ? 'rejected' : null),
      extra: () => 'late_tick',
    };
    const { rows, totals } = matchTwin([liveOf(a), stray], [a, b], explain);
    const by = new Map(rows.map((r) => [r.symbol, r]));
    expect(by.get('AAA')!.status).toBe('matched');
    expect(by.get('BBB')).toMatchObject({ status: 'missed', reason: 'rejected', live: null });
    expect(by.get('BBB')!.gap.total).toBeCloseTo(-b.netPnl, 2);
    expect(by.get('CCC')).toMatchObject({ status: 'extra', reason: 'late_tick', twin: null });
    expect(totals).toMatchObject({ matched: 1, missed: 1, extra: 1 });
    expect(totals.gap.total).toBeCloseTo(stray.netPnl - b.netPnl, 2);
  });

  it('a Quick Sell or the kill switch before the twin exit: missed with that reason', () => {
    const a = twinTrade();
    const b = twinTrade({ symbol: 'BBB' });
    const sold = liveOf(a, {
      exitTime: a.entryTime + DAY + 1,
      exitPrice: 104,
      reason: 'manual_sell',
    });
    const flat = liveOf(b, { exitTime: b.entryTime + DAY + 1, reason: 'flatten' });
    const { rows } = matchTwin([sold, flat], [a, b], none);
    expect(rows.map((r) => [r.symbol, r.status, r.reason])).toEqual([
      ['AAA', 'missed', 'manual_sell'],
      ['BBB', 'missed', 'kill_switch'],
    ]);
    expect(rows[0]!.exitDiff).toBe(-6);
  });

  it('a difference with no reason of its own takes that of the first explained one before it', () => {
    // The bot decided AAA's entry a session late: the twin's AAA is missed, and the cash the
    // twin spent on it bought the bot BBB the next session, which the twin never made.
    const a = twinTrade();
    const before = liveOf(
      twinTrade({ symbol: 'ZZZ', entryTime: D0 - 2 * DAY, exitTime: D0 - DAY }),
    );
    const extraLater = liveOf(
      twinTrade({ symbol: 'BBB', entryTime: D0 + DAY, exitTime: D0 + 2 * DAY }),
    );
    const explain: TwinExplain = { missed: () => 'late_tick', extra: () => null };
    const { rows } = matchTwin([before, extraLater], [a], explain);
    expect(rows.map((r) => [r.symbol, r.status, r.reason])).toEqual([
      ['ZZZ', 'extra', null],
      ['AAA', 'missed', 'late_tick'],
      ['BBB', 'extra', 'late_tick'],
    ]);
  });

  it('twin trades still open at the end are left out', () => {
    const open = twinTrade({ reason: 'end_of_data' });
    expect(matchTwin([], [open], none).rows).toEqual([]);
  });
});
