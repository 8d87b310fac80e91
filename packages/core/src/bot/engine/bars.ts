import { DAY_MS, isoFromDay } from '@tradebot/market';
import type { Bars } from '@tradebot/strategy';
import type { BotMarket } from '../market.js';

/** Calendar days of bars read before the deciding bar: warms every indicator the bounds allow. */
export const WARM_UP_DAYS = 400;

/** The bars of the completed sessions up to and including `day` (a later, forming bar is cut). */
function completedBars(bars: Bars, day: number): Bars {
  let n = bars.time.length;
  while (n > 0 && (bars.time[n - 1] as number) > day * DAY_MS) n--;
  if (n === bars.time.length) return bars;
  return {
    symbol: bars.symbol,
    time: bars.time.subarray(0, n),
    open: bars.open.subarray(0, n),
    high: bars.high.subarray(0, n),
    low: bars.low.subarray(0, n),
    close: bars.close.subarray(0, n),
    volume: bars.volume.subarray(0, n),
  };
}

/**
 * Brings the bars of the symbols still to decide up to the last session completed at `now`
 * (Alpaca: the cache the backtests read; one top-up for all of them). A failed top-up throws, so
 * no symbol is decided on older bars.
 */
export async function prepareBars(
  bot: BotMarket,
  symbols: readonly string[],
  now: number,
): Promise<void> {
  if (symbols.length > 0 && bot.data.prepare) await bot.data.prepare(symbols, now);
}

/**
 * The bars one decision reads: WARM_UP_DAYS calendar days up to the completed session of
 * `lastDay`, which must be the last of them; null when that session's bar is missing (not yet
 * published, or the symbol did not trade), so nothing is decided on an older bar.
 */
export async function decidingBars(
  bot: BotMarket,
  symbol: string,
  lastDay: number,
): Promise<Bars | null> {
  const raw = await bot.data.getDailyBars(symbol, {
    from: isoFromDay(lastDay - WARM_UP_DAYS),
    to: isoFromDay(lastDay),
  });
  const bars = completedBars(raw, lastDay);
  const n = bars.time.length;
  if (n === 0 || (bars.time[n - 1] as number) !== lastDay * DAY_MS) return null;
  return bars;
}
