/**
 * Shares to order at a decision (README "Sizing and costs"): the risk budget over the ATR stop
 * distance, floor(equity·riskPerTrade / (atrMultiplier·ATR)), capped by what equity buys at the
 * close plus slippage, floor(equity / (close·(1 + slippage))), for shorts too (no leverage).
 * Returns 0 below one share, and when ATR is not warm (NaN): no order.
 * `slippage` is a fraction (slippage_percent / 100).
 */
export function positionSize(
  equity: number,
  close: number,
  atr: number,
  riskPerTrade: number,
  atrMultiplier: number,
  slippage: number,
): number {
  const byRisk = Math.floor((equity * riskPerTrade) / (atrMultiplier * atr));
  const byCash = Math.floor(equity / (close * (1 + slippage)));
  // Math.min keeps a NaN (ATR not warm), which then fails the test below.
  const qty = Math.min(byRisk, byCash);
  return qty >= 1 ? qty : 0;
}

/**
 * Cuts a long entry to what `cash` pays for at the fill, price and commission included:
 * floor(cash / (fillPrice + commissionPerShare)). The decision sized on the close; the open may be higher.
 */
export function affordableQuantity(
  qty: number,
  cash: number,
  fillPrice: number,
  commissionPerShare: number,
): number {
  const most = Math.floor(cash / (fillPrice + commissionPerShare));
  return qty < most ? qty : most;
}
