/**
 * Every client order id the bot's side sends (the tick, the protection check, the trailing watch,
 * Quick Sell and the kill switch) is built here. The tick's ids are deterministic: the same
 * decision always makes the same id, so a re-run tick (a crash, a lost answer) finds its earlier
 * intent instead of sending a second order. Each id starts "tb{userId}-{SYMBOL}-" and is at most
 * 48 characters (inside Alpaca's 128). Ids already stored in bot_orders are looked up by these
 * exact strings: their format never changes.
 */
export type BotOrderKind = 'e' | 'x' | 't';

/** Longest client order id built here. */
export const MAX_CLIENT_ORDER_ID = 48;

/** YYYY-MM-DD → YYYYMMDD. */
function compact(date: string): string {
  return date.replaceAll('-', '');
}

function checked(id: string): string {
  if (id.length > MAX_CLIENT_ORDER_ID)
    throw new RangeError(`client order id longer than ${MAX_CLIENT_ORDER_ID} characters: ${id}`);
  return id;
}

/**
 * `tb{userId}-{SYMBOL}-{YYYYMMDD}-{kind}`: e = entry and x = exit decided on that session's bar,
 * t = a trailing stop the bot watches itself (Alpaca), sent on that New York date.
 */
export function botOrderId(userId: number, symbol: string, date: string, kind: BotOrderKind) {
  return checked(`tb${userId}-${symbol}-${compact(date)}-${kind}`);
}

/**
 * `tb{userId}-{SYMBOL}-p{qty}-{YYYYMMDD}[-{n}]`: the OCO protecting `qty` shares held, placed on
 * that New York date; n = 2, 3, … for a later try the same day after an earlier one ended (a
 * refusal, a cancel). The same position on the same day makes the same id, so a tick that dies
 * and runs again finds its intent; a changed quantity makes a new one.
 */
export function protectOrderId(
  userId: number,
  symbol: string,
  qty: number,
  date: string,
  n = 1,
): string {
  return checked(`tb${userId}-${symbol}-p${qty}-${compact(date)}${n > 1 ? `-${n}` : ''}`);
}

/**
 * `tb{userId}-{SYMBOL}-{qs|fl}-{seconds}`: a Quick Sell (qs) or the kill switch's close (fl) of
 * a position, sent at market time `at` (whole seconds since the epoch). A second close of the
 * symbol is refused while one is unsettled, so two closes never share a second's id.
 */
export function closeOrderId(
  userId: number,
  symbol: string,
  purpose: 'manual_sell' | 'flatten',
  at: Date,
): string {
  const tag = purpose === 'manual_sell' ? 'qs' : 'fl';
  return checked(`tb${userId}-${symbol}-${tag}-${Math.floor(at.getTime() / 1000)}`);
}
