/**
 * Deterministic client order ids of the bot's orders: the same decision always makes the same
 * id, so a re-run tick (a crash, a lost answer) finds its earlier intent instead of sending a
 * second order. At most 48 characters (Alpaca's limit): "tb" + user + symbol + date + kind.
 */
export type BotOrderKind = 'e' | 'x' | 't';

/** YYYY-MM-DD → YYYYMMDD. */
function compact(date: string): string {
  return date.replaceAll('-', '');
}

/**
 * `tb{userId}-{SYMBOL}-{YYYYMMDD}-{kind}`: e = entry and x = exit decided on that session's bar,
 * t = a trailing stop the bot watches itself (Alpaca), sent on that New York date.
 */
export function botOrderId(userId: number, symbol: string, date: string, kind: BotOrderKind) {
  const id = `tb${userId}-${symbol}-${compact(date)}-${kind}`;
  if (id.length > 48) throw new RangeError(`client order id longer than 48 characters: ${id}`);
  return id;
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
  const id = `tb${userId}-${symbol}-p${qty}-${compact(date)}${n > 1 ? `-${n}` : ''}`;
  if (id.length > 48) throw new RangeError(`client order id longer than 48 characters: ${id}`);
  return id;
}
