import { dayFromIso, sessionOf, type TradingSession } from '@tradebot/market';
import { BACKTEST_SETTINGS_DEFAULTS, Decider, decisionBarAt, type Side } from '@tradebot/strategy';
import { BUSY_PARAMS, syntheticBars } from '@tradebot/strategy/testing';
import { describe, expect, it } from 'vitest';
import { decideAtClose } from './decide.js';
import { botOrderId } from '../orders/order-ids.js';
import { fillableFrom, openAfterDecision, retryDueAt } from './reconcile.js';
import { accountState } from './tick.js';
import { trailingLevel } from './trailing.js';

const session = (iso: string) => sessionOf(dayFromIso(iso)) as TradingSession;
// 2025-06-02 (Mon) and 2025-06-03 (Tue) are regular sessions.
const MON = session('2025-06-02');
const TUE = session('2025-06-03');

describe('order time-out clock', () => {
  it('starts at once in session, at the next open for opg or outside hours', () => {
    const inSession = MON.open + 3_600_000;
    expect(fillableFrom({ submittedAt: inSession, timeInForce: 'day' }, false)).toBe(inSession);
    expect(fillableFrom({ submittedAt: inSession, timeInForce: 'opg' }, false)).toBe(TUE.open);
    expect(fillableFrom({ submittedAt: MON.close + 60_000, timeInForce: 'day' }, false)).toBe(
      TUE.open,
    );
  });
  it('on the demo market starts at the close of the session that fills it', () => {
    expect(fillableFrom({ submittedAt: MON.close + 60_000, timeInForce: 'opg' }, true)).toBe(
      TUE.close,
    );
    expect(fillableFrom({ submittedAt: MON.open + 60_000, timeInForce: 'day' }, true)).toBe(
      TUE.close,
    );
  });
  it('a decision is meant for the next open; retries are due one delay after each attempt', () => {
    expect(openAfterDecision('2025-06-02')).toBe(TUE.open);
    // Friday's decision fills on Monday.
    expect(openAfterDecision('2025-05-30')).toBe(MON.open);
    const createdAt = new Date(MON.close);
    expect(retryDueAt({ createdAt, attempts: 2 }, 5)).toBe(MON.close + 10_000);
  });
});

describe('account state', () => {
  const base = {
    peakEquity: 10_000,
    day: '2025-06-02',
    dayStartEquity: 9_900,
    halted: false,
    haltReason: null,
  };
  it('keeps the day, raises the peak, and halts once below peak × (1 − max_drawdown)', () => {
    const up = accountState(base, 10_500, null, MON.close, 0.2);
    expect(up).toMatchObject({
      peak: 10_500,
      day: '2025-06-02',
      dayStartEquity: 9_900,
      halted: false,
    });
    const down = accountState(base, 7_999, null, MON.close, 0.2);
    expect(down).toMatchObject({ halted: true, haltedNow: true, peak: 10_000 });
    expect(down.haltReason).toContain('20.0 %');
    const still = accountState(
      { ...base, halted: true, haltReason: 'x' },
      9_000,
      null,
      MON.close,
      0.2,
    );
    expect(still).toMatchObject({ halted: true, haltedNow: false, haltReason: 'x' });
  });
  it('a new New York day starts from the previous close equity when the broker gives it', () => {
    expect(accountState(base, 10_100, 10_050, TUE.open, 0.2)).toMatchObject({
      day: '2025-06-03',
      dayStartEquity: 10_050,
    });
    const fresh = { ...base, peakEquity: null, day: null, dayStartEquity: null };
    expect(accountState(fresh, 10_000, null, TUE.open, 0.2)).toMatchObject({
      peak: 10_000,
      dayStartEquity: 10_000,
    });
  });
});

describe('ids and levels', () => {
  it('client order ids are deterministic and within 48 characters', () => {
    expect(botOrderId(42, 'AAPL', '2025-06-02', 'e')).toBe('tb42-AAPL-20250602-e');
    expect(
      botOrderId(2_147_483_647, 'ABCDEFGHIJ.WS', '2025-06-02', 'x').length,
    ).toBeLessThanOrEqual(48);
    expect(() => botOrderId(1, 'X'.repeat(40), '2025-06-02', 'e')).toThrow(RangeError);
  });
  it('the trailing level sits below the best price for a long, above for a short', () => {
    expect(trailingLevel(1, 100, 0.02)).toBeCloseTo(98);
    expect(trailingLevel(-1, 100, 0.02)).toBeCloseTo(102);
  });
});

describe('a Decider rebuilt each tick decides as one kept alive', () => {
  it('the same intent at every close of a long series, positions and equity as reported', () => {
    const bars = syntheticBars(600, 11);
    const options = { ...BACKTEST_SETTINGS_DEFAULTS, shortAtrThreshold: 1.5 };
    const live = new Decider(BUSY_PARAMS, options);
    let position: { side: Side; qty: number; price: number } | null = null;
    let pending: { kind: 'enter'; side: Side; qty: number } | { kind: 'exit' } | null = null;
    let cash = options.initial_balance;
    let peak = options.initial_balance;
    let decisions = 0;
    for (let i = 0; i < 60; i++) live.warm(decisionBarAt(bars, i));
    for (let i = 60; i < bars.close.length; i++) {
      const bar = decisionBarAt(bars, i);
      // Fills at this open (no protective exits: the levels are the broker's).
      if (pending?.kind === 'enter') {
        position = { side: pending.side, qty: pending.qty, price: bar.open };
        cash -= pending.side * pending.qty * bar.open;
        live.entered(pending.side, pending.qty, bar.open, bar.time);
      } else if (pending?.kind === 'exit' && position !== null) {
        cash += position.side * position.qty * bar.open;
        position = null;
        live.exited();
      }
      pending = null;
      const equity = cash + (position === null ? 0 : position.side * position.qty * bar.close);
      const rebuilt = decideAtClose(
        {
          ...bars,
          time: bars.time.subarray(0, i + 1),
          open: bars.open.subarray(0, i + 1),
          high: bars.high.subarray(0, i + 1),
          low: bars.low.subarray(0, i + 1),
          close: bars.close.subarray(0, i + 1),
          volume: bars.volume.subarray(0, i + 1),
        },
        BUSY_PARAMS,
        { ...options, initial_balance: peak },
        position === null
          ? null
          : { qty: position.side * position.qty, avgEntryPrice: position.price },
        equity,
      );
      const kept = live.update(bar, equity);
      expect(rebuilt.decision).toEqual(kept);
      peak = Math.max(peak, equity);
      if (kept.intent !== null) decisions += 1;
      if (kept.intent?.kind === 'enter')
        pending = { kind: 'enter', side: kept.intent.side, qty: kept.intent.quantity };
      else if (kept.intent?.kind === 'exit') pending = { kind: 'exit' };
    }
    expect(decisions).toBeGreaterThan(10);
  });
});
