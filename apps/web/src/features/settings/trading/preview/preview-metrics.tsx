import type { TPortfolioResult } from '@tradebot/api-contract';
import { SimpleGrid, Stack, Text } from '@mantine/core';
import { count, fraction, ratio, signedMoney } from '../../backtest-detail/format';

type Metrics = TPortfolioResult['metrics'];

/** The figures traders compare, each with how it is written. */
const FIGURES: readonly { label: string; value: (m: Metrics) => string }[] = [
  { label: 'CAGR', value: (m) => fraction(m.cagr) },
  { label: 'Sharpe', value: (m) => ratio(m.sharpe) },
  { label: 'Sortino', value: (m) => ratio(m.sortino) },
  { label: 'Calmar', value: (m) => ratio(m.calmar) },
  { label: 'Max drawdown', value: (m) => fraction(m.max_drawdown) },
  { label: 'Max drawdown duration', value: (m) => `${m.max_drawdown_duration} days` },
  { label: 'Profit factor', value: (m) => ratio(m.profit_factor) },
  {
    label: 'Expectancy per trade',
    value: (m) => (m.expectancy === null ? '–' : signedMoney(m.expectancy)),
  },
  { label: 'Exposure', value: (m) => fraction(m.exposure) },
  { label: 'Win rate', value: (m) => fraction(m.win_rate) },
  { label: 'Trades per year', value: (m) => m.trades_per_year.toFixed(1) },
  { label: 'Longest winning streak', value: (m) => count(m.longest_win_streak) },
  { label: 'Longest losing streak', value: (m) => count(m.longest_loss_streak) },
];

/** The preview's metrics as a grid of labelled figures (two columns on a phone). */
export function PreviewMetrics({ metrics }: { metrics: Metrics }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 4, lg: 7 }} spacing="sm" data-testid="preview-metrics">
      {FIGURES.map((figure) => (
        <Stack key={figure.label} gap={0}>
          <Text size="xs" c="dimmed">
            {figure.label}
          </Text>
          <Text fw={600} data-testid={`metric-${figure.label}`}>
            {figure.value(metrics)}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}
