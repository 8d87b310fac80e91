import { Badge, Tooltip } from '@mantine/core';

const VERDICTS = {
  noEdge: {
    color: 'orange',
    text: 'No robust edge',
    note: 'The backtest found parameters, but the evidence does not support trading them: too few trades, a result within the noise, or no profit in the walk-forward periods it was not fitted on. Open Details to see why.',
  },
  edge: {
    color: 'green',
    text: 'Robust edge',
    note: 'The optimized parameters passed the backtest checks: enough trades, a result beyond the noise and a profit in the walk-forward periods they were not fitted on. Past results do not promise future ones.',
  },
  defaults: {
    color: 'gray',
    text: 'Not backtested',
    note: 'Not backtested yet: nothing shows these parameters would have made money on this stock. Run the backtester on it to optimize and check them.',
  },
} as const;

/** The backtest's verdict on a stock's parameters (`no_robust_edge`; null = never backtested). */
export function VerdictBadge({ noRobustEdge }: { noRobustEdge: boolean | null }) {
  const verdict =
    noRobustEdge === null ? VERDICTS.defaults : noRobustEdge ? VERDICTS.noEdge : VERDICTS.edge;
  return (
    <Tooltip label={verdict.note} multiline w={300} withArrow>
      <Badge color={verdict.color} variant="light" tabIndex={0} style={{ cursor: 'help' }}>
        {verdict.text}
      </Badge>
    </Tooltip>
  );
}
