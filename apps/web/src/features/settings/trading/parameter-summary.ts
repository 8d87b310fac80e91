import { toScreenUnits, type TStockParameters } from '@tradebot/api-contract';

/** A short line of the parameters that shape the signals, for a table cell. */
export function parameterSummary(p: TStockParameters): string {
  return [
    `RSI ${p.rsi_period} (${p.rsi_buy_threshold}/${p.rsi_sell_threshold})`,
    `SMA ${p.sma_period}`,
    `MACD ${p.macd_fast}/${p.macd_slow}`,
    `ATR ${p.atr_period}×${p.atr_multiplier}`,
    `SL ${p.stop_loss_percentage}% TP ${p.take_profit_percentage}%`,
  ].join(' · ');
}

/** Every parameter as "label: value" lines, labelled from the parameter schema. */
export function parameterLines(
  p: TStockParameters,
  labels: readonly { field: string; label: string }[],
): string[] {
  return labels.map(({ field, label }) => {
    const value = p[field as keyof TStockParameters];
    return `${label}: ${typeof value === 'boolean' ? (value ? 'on' : 'off') : toScreenUnits(field, value)}`;
  });
}

/** Market figures to 2 decimals; "—" when there is none (no metrics yet, no position). */
export const figure = (value: number | null) => (value === null ? '—' : value.toFixed(2));
