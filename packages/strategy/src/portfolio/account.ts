/**
 * The account-level rules the bot applies at each close, shared by the bot's tick and the
 * portfolio preview so both judge the account alike: the drawdown halt, buying power, and whether
 * an entry the Decider asked for is sent.
 */

/** The account's peak and its drawdown halt after a close at `equity`. */
export interface AccountHalt {
  peak: number;
  halted: boolean;
  /** The halt began at this close. */
  haltedNow: boolean;
}

/**
 * The peak only rises (the first close starts it); equity below peak × (1 − maxDrawdown) halts new
 * entries, and the halt stays until the bot is restarted.
 */
export function accountHalt(
  peak: number | null,
  halted: boolean,
  equity: number,
  maxDrawdown: number,
): AccountHalt {
  const next = Math.max(peak ?? equity, equity);
  const breach = equity < next * (1 - maxDrawdown);
  return { peak: next, halted: halted || breach, haltedNow: !halted && breach };
}

/**
 * Buying power of a cash account with shorts: cash less what covering the shorts would cost at
 * their marks, never below 0. `shortValue` is the sum of the shorts' (negative) market values.
 */
export function buyingPower(cash: number, shortValue: number): number {
  return Math.max(0, cash + shortValue);
}

/** Why an entry the Decider asked for is not sent, or 'send'. */
export type EntryGate = 'send' | 'halted' | 'busy' | 'too_big';

/**
 * The checks an entry passes before its order goes out, in the bot's order: the account halt, an
 * order of the symbol still open, then its cost at the deciding close (shares × close) against
 * the buying power the earlier entries of the same close left.
 */
export function entryGate(
  halted: boolean,
  busy: boolean,
  cost: number,
  buyingPowerLeft: number,
): EntryGate {
  if (halted) return 'halted';
  if (busy) return 'busy';
  if (cost > buyingPowerLeft) return 'too_big';
  return 'send';
}
