import { ui, type TPortfolioMonteCarlo } from '@tradebot/api-contract';
import { Alert, SimpleGrid, Stack, Text } from '@mantine/core';
import { DrawdownHistogram, RiskBandsChart } from '../../../../components/charts/lazy-charts';
import { money } from '../../backtest-detail/format';
import { percent, riskQuote } from './risk-quote';

/** The Monte Carlo risk of the next year: the bands, the figures, the halt, and the method. */
export function PreviewRisk({ risk, from }: { risk: TPortfolioMonteCarlo; from: string }) {
  if (!risk.ok)
    return (
      <Alert color="gray" data-testid="preview-risk-error">
        {risk.error}
      </Alert>
    );
  const { final_equity: end, max_drawdown: drawdown } = risk;
  const figures = [
    { label: 'Start', value: money(risk.start_equity) },
    { label: 'Final equity, 5 %', value: money(end.p5) },
    { label: 'Final equity, median', value: money(end.p50) },
    { label: 'Final equity, 95 %', value: money(end.p95) },
    { label: 'Max drawdown, median', value: percent(drawdown.p50) },
    { label: 'Max drawdown, 1 path in 20 beyond', value: percent(drawdown.p95) },
    {
      label: `Halt at ${percent(risk.halt_drawdown)} reached`,
      value: percent(risk.halt_probability),
    },
  ];
  return (
    <Stack gap="sm" data-testid="preview-risk">
      <Text size="sm" fw={600} data-testid="preview-risk-quote">
        {riskQuote(risk)}
      </Text>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Stack gap={4}>
          <Text size="xs" c="dimmed">
            Equity over the next year
          </Text>
          <RiskBandsChart risk={risk} from={from} />
        </Stack>
        <Stack gap={4}>
          <Text size="xs" c="dimmed">
            Max drawdown within the year, share of paths
          </Text>
          <DrawdownHistogram risk={risk} />
        </Stack>
      </SimpleGrid>
      <SimpleGrid cols={{ base: 2, sm: 4, lg: 7 }} spacing="sm">
        {figures.map((f) => (
          <Stack key={f.label} gap={0}>
            <Text size="xs" c="dimmed">
              {f.label}
            </Text>
            <Text fw={600}>{f.value}</Text>
          </Stack>
        ))}
      </SimpleGrid>
      <Text size="xs" c="dimmed" data-testid="preview-risk-method">
        {ui.monteCarloMethod} {risk.paths.toLocaleString('en-US')} paths of {risk.days} trading
        days, blocks of {risk.mean_block_length} days on average.
      </Text>
    </Stack>
  );
}
