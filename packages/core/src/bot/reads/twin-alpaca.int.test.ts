import { recordFinalListVersion } from '@tradebot/db';
import { dayFromIso, isoFromDay, newYorkInstant, sessionsBetween } from '@tradebot/market';
import { BUSY_PARAMS } from '@tradebot/strategy/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeAlpaca } from '../../../../../e2e/fake-alpaca.js';
import { alpacaPaperUser, alpacaTestRuntime } from '../../../test/alpaca-runtime.js';
import type { CoreRuntime } from '../../runtime.js';
import type { SessionInfo } from '../../types.js';
import { botEngineService } from '../engine/tick.js';

/**
 * The live twin against Alpaca: a bot on paper keys trades the project's Alpaca-compatible server
 * (e2e/fake-alpaca.ts), which fills at the open and at the stop price itself, while the twin
 * assumes the backtest's slippage and commission. Entries decided on E fill at E+1's open; ALPT
 * falls through its stop-loss leg on E+1 (matched: the differences are slippage and fees), ALPU is
 * sold by Quick Sell after E+1's close while its twin stops out on E+2 (missed: manual sell).
 */
const E = '2024-04-09';
const E1 = '2024-04-10';
const E2 = '2024-04-11';
const at = (date: string, hhmm: string) =>
  newYorkInstant(dayFromIso(date), Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3)));
const cents = (x: number) => Math.round(x * 100) / 100;

/** A session's close, high and low from its open. */
type Shape = (o: number) => [c: number, h: number, l: number];
/** A 6 % jump: RSI turns up through 50, a long entry with BUSY_PARAMS. */
const JUMP: Shape = (o) => [o * 1.06, o * 1.06 * 1.01, o * 0.99];
/** Neither the stop-loss (−5 %) nor the target (+8 %) reached. */
const QUIET: Shape = (o) => [o, o * 1.005, o * 0.995];
/** A 7 % fall inside the day from an unchanged open: through the stop-loss, no gap. */
const FALL: Shape = (o) => [o * 0.94, o * 1.002, o * 0.93];

/** Sessions from 2022-11-01 falling 0.2 % a day, up to E+2, the named days shaped as given. */
function barsOf(start: number, days: Record<string, Shape>) {
  let close = start;
  return sessionsBetween(dayFromIso('2022-11-01'), dayFromIso(E2)).map((s) => {
    const date = isoFromDay(s.day);
    const o = close;
    const [c, h, l] = days[date]?.(o) ?? [o * 0.998, o * 1.02, o * 0.998 * 0.98];
    close = cents(c);
    return { date, o: cents(o), h: cents(h), l: cents(l), c: close };
  });
}

let fake: FakeAlpaca;
let runtime: CoreRuntime;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ fake, runtime, close } = await alpacaTestRuntime(at(E, '12:00')));
  fake.market.setBars('ALPT', barsOf(90, { [E]: JUMP, [E1]: FALL, [E2]: QUIET }));
  fake.market.setBars('ALPU', barsOf(110, { [E]: JUMP, [E1]: QUIET, [E2]: FALL }));
});
afterAll(() => close());

/** A user with paper keys the fake accepts and ALPT, ALPU on the Final Trading List. */
async function alpacaUser(): Promise<SessionInfo> {
  const userId = await alpacaPaperUser(runtime, 'twinalpaca');
  await runtime.db.finalTradingListEntry.createMany({
    data: ['ALPT', 'ALPU'].map((symbol) => ({ userId, symbol, parameters: BUSY_PARAMS })),
  });
  const session = {
    userId,
    account: { market: 'alpaca', alpacaEnvironment: 'paper' },
  } as unknown as SessionInfo;
  // The bot watches trailing stops itself on Alpaca: none here, only the bracket legs.
  await runtime.services.backtestSettings.save(session, { trailing_stop_pct: 0 });
  return session;
}

describe('the live twin against Alpaca (the fake Alpaca server)', () => {
  it('the differences appear, each explained: slippage and fees on a matched trade, a Quick Sell', async () => {
    const session = await alpacaUser();
    const { userId } = session;
    const tick = async (date: string, hhmm: string) => {
      fake.market.setTime(at(date, hhmm));
      expect((await engine.tick(userId)).outcome).toBe('ran');
    };
    const engine = botEngineService(runtime.deps);
    await runtime.services.bot.start(session);
    await recordFinalListVersion(runtime.db, userId, new Date(at(E, '12:00')));
    await tick(E, '12:00');
    await tick(E, '16:30');
    // E+1: both entries fill at the open; ALPT falls through its stop-loss leg in the day.
    await tick(E1, '16:30');
    expect([...fake.book.positions.keys()]).toEqual(['ALPU']);
    await runtime.services.bot.manualSell(session, 'ALPU');
    // E+2: the Quick Sell fills at the open.
    await tick(E2, '16:30');
    expect(fake.book.positions.has('ALPU')).toBe(false);

    const twin = await runtime.services.bot.twin(session, {});
    expect(twin.rows.map((r) => [r.symbol, r.status, r.reason])).toEqual([
      ['ALPT', 'matched', null],
      ['ALPU', 'missed', 'manual_sell'],
    ]);
    const [stopped, sold] = twin.rows as [(typeof twin.rows)[0], (typeof twin.rows)[0]];
    // Matched: same sessions and shares, from the same equity. Alpaca bought at the open, where
    // the twin assumed 0.1 % slippage against the trader, and sold at its stop leg's price in
    // cents, where the twin sold at the exact stop less slippage; Alpaca charged no commission.
    const qty = stopped.live!.qty;
    expect(twin.initial_equity).toBe(100_000.25);
    expect(stopped.twin!.qty).toBe(qty);
    expect(stopped.live!.exit_reason).toBe('stop_loss');
    expect(stopped.entry_diff).toBeLessThan(0);
    expect(stopped.gap.entry).toBeCloseTo(-stopped.entry_diff! * qty, 1);
    expect(stopped.exit_diff).not.toBe(0);
    expect(stopped.gap.exit).toBeCloseTo(stopped.exit_diff! * qty, 1);
    expect(stopped.gap.fees).toBeGreaterThan(0);
    expect(stopped.gap.quantity).toBe(0);
    const { entry, exit, quantity, fees, total } = stopped.gap;
    expect(total).toBeCloseTo(entry + exit + quantity + fees, 2);
    // The parts are each rounded to the cent.
    expect(total).toBeCloseTo(stopped.live!.net_pnl - stopped.twin!.net_pnl, 1);
    // Missed: the Quick Sell sold at E+2's open; the twin held on to its stop-loss that day.
    expect(sold.live!.exit_reason).toBe('manual_sell');
    expect(sold.twin!.exit_reason).toBe('stop_loss');
    expect(sold.gap.total).not.toBe(0);
    expect(twin.totals).toMatchObject({ matched: 1, missed: 1, extra: 0 });
  }, 120_000);
});
