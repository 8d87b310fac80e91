import { ui, type TPortfolioMonteCarlo } from '@tradebot/api-contract';

const dollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});

/** 0.2 → "20 %", 0.0345 → "3.5 %": a share with at most one decimal. */
export function percent(share: number): string {
  const value = Math.round(share * 1000) / 10;
  return `${value.toLocaleString('en-US', { maximumFractionDigits: 1 })} %`;
}

/**
 * The risk as Begin Trading's confirmation quotes it: the 5 % quantile of the final equity (1 path
 * in 20 ends below it) and the share of paths that reach the halt. Null without a simulation.
 */
export function riskQuote(risk: TPortfolioMonteCarlo | null | undefined): string | null {
  if (!risk?.ok) return null;
  return ui.previewRiskQuote(
    dollars.format(risk.final_equity.p5),
    percent(risk.halt_drawdown),
    percent(risk.halt_probability),
  );
}
