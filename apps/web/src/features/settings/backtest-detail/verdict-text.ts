import { server, type TBacktestResult } from '@tradebot/api-contract';
import { ratio, signedMoney } from './format';

/** The alert's title already says "No robust edge found": the summary and list do not repeat it. */
const NO_EDGE_PREFIX = server.verdictNoEdge('');

/** What a stored verdict's reasons are checked against: results stored before a wording fix. */
interface Evidence {
  inSampleProfit: number;
  outOfSampleTrades: number | null;
}

/** A reason as it reads beside these figures (a loss is not "gains within luck"). */
function trueReason(reason: string, evidence?: Evidence): string {
  if (!evidence) return reason;
  if (reason === server.verdictBelowSignificance && evidence.inSampleProfit <= 0)
    return server.verdictTrainingLoss;
  if (reason === server.verdictNoOutOfSampleProfit && evidence.outOfSampleTrades === 0)
    return server.verdictNoOutOfSampleTrades;
  return reason;
}

/** The summary without the title's words, and the reasons the summary does not already give. */
export function verdictText(verdict: TBacktestResult['verdict'], evidence?: Evidence) {
  let summary = verdict.summary;
  if (summary.startsWith(NO_EDGE_PREFIX)) {
    const rest = trueReason(summary.slice(NO_EDGE_PREFIX.length), evidence);
    summary = rest.charAt(0).toUpperCase() + rest.slice(1);
  }
  const reasons = verdict.reasons.map((reason) => trueReason(reason, evidence));
  return { summary, reasons: reasons.filter((r) => !summary.includes(r)) };
}

/**
 * The three profits of the detail view, one plain line each, saying what each one measures
 * and how they relate: only the out-of-sample one was earned on months the parameters never saw.
 */
export function profitLines(
  result: Pick<TBacktestResult, 'out_of_sample' | 'in_sample' | 'figures' | 'months'>,
): { key: 'out_of_sample' | 'training' | 'tested'; text: string }[] {
  const { out_of_sample: oos, in_sample: is } = result;
  const months = result.months.toFixed(0);
  const outOfSample =
    oos.folds === 0
      ? 'Out of sample: not tested; the history was too short to keep months aside.'
      : oos.trades === 0
        ? `Out of sample: no trades. The parameters picked on each training window never traded on the ${oos.folds === 1 ? 'month that followed it' : 'months that followed them'}, so there is no out-of-sample result to judge ($0.00 here means no evidence, not a break-even).`
        : `Out of sample ${signedMoney(oos.profit)}: re-fitted on each of ${oos.folds} training windows and traded on the months after each one. The only profit earned on months the parameters had not seen, and the one the Optimized Parameters table shows.`;
  return [
    { key: 'out_of_sample', text: outOfSample },
    {
      key: 'training',
      text: `Training window ${signedMoney(is.profit)}: the chosen parameters on the recent history they were picked on. Optimistic by design: they were picked because they did best there.`,
    },
    {
      key: 'tested',
      text: `Whole window ${signedMoney(result.figures.chosen.profit)}: the chosen parameters replayed over the last ${months} months (the chart and figures below). Those months overlap their training window, so this is in sample too.`,
    },
  ];
}

/** The deflated Sharpe said the right way round, and where it was measured. */
export function deflatedSharpeLine(deflated: number | null, trials: number): string {
  const value = deflated === null ? 'could not be computed' : ratio(deflated);
  return `Deflated Sharpe ${value}: measured on the training window, not out of sample. How sure we can be (0 to 1) that the Sharpe ratio there is more than the luck of picking the best of ${trials} parameter sets; 0.95 or more passes.`;
}
