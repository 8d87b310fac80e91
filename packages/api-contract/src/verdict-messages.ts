/**
 * The backtest verdict's sentences (the detail view's "No robust edge found" alert and its
 * reasons), each true of the figures beside it: a loss is never called a gain, and a stock that
 * did not trade out of sample is told apart from one that traded and lost.
 */
export const verdictMessages = {
  verdictTooFewTrades: (trades: number | null, needed: number) =>
    `It traded too rarely to judge: ${trades ?? 0} round trips in its training window, ${needed} needed.`,
  verdictBelowSignificance:
    'Its gains in the training window are within what luck alone could produce.',
  verdictTrainingLoss:
    'It did not make money even in its training window, the months its parameters were picked on.',
  verdictLowDeflatedSharpe: (trials: number) =>
    `After allowing for the ${trials} parameter sets tried, its risk-adjusted return is no better than the luckiest of them would be by chance.`,
  verdictNoOutOfSample: 'There was too little history to test it on months it was not fitted on.',
  verdictNoOutOfSampleProfit:
    'It did not make money out of sample (on the months it was not fitted on).',
  verdictNoOutOfSampleTrades:
    'It made no trades out of sample (on the months it was not fitted on), so nothing shows that it works on data it has not seen.',
  verdictNoEdge: (reason: string) => `No robust edge found: ${reason}`,
  verdictFragile: (params: string, toLoss: boolean) =>
    `It is fragile: moving ${params} by one step turns its out-of-sample ${toLoss ? 'profit into a loss' : 'loss into a profit'}, so the result depends on exactly where the search stopped.`,
  verdictEdgeFragile: (months: number, params: string) =>
    `The chosen parameters made money on the months they were not fitted on and passed every other check over the last ${months} months, but they are fragile: moving ${params} by one step turns that profit into a loss.`,
  verdictEdge: (months: number) =>
    `The chosen parameters made money on the months they were not fitted on and passed every robustness check over the last ${months} months; past results still do not guarantee future ones.`,
} as const;
