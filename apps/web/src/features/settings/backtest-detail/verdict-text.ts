import { server, type TBacktestResult } from '@tradebot/api-contract';

/** The alert's title already says "No robust edge found": the summary and list do not repeat it. */
const NO_EDGE_PREFIX = server.verdictNoEdge('');

/** The summary without the title's words, and the reasons the summary does not already give. */
export function verdictText(verdict: TBacktestResult['verdict']) {
  let summary = verdict.summary;
  if (summary.startsWith(NO_EDGE_PREFIX)) {
    const rest = summary.slice(NO_EDGE_PREFIX.length);
    summary = rest.charAt(0).toUpperCase() + rest.slice(1);
  }
  return { summary, reasons: verdict.reasons.filter((r) => !summary.includes(r)) };
}
