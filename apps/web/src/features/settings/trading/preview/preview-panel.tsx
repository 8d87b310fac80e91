import type { TPortfolioResult } from '@tradebot/api-contract';
import { Alert, Group, Progress, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { DrawdownChart, PortfolioEquityChart } from '../../../../components/charts/lazy-charts';
import { DownloadCsvButton } from '../../../../components/download-csv-button';
import { money, signedMoney } from '../../backtest-detail/format';
import { PreviewMetrics } from './preview-metrics';
import { PreviewRisk } from './preview-risk';
import { PerExitReasonTable, PerSymbolTable, PreviewTradesTable } from './preview-tables';
import type { PortfolioPreviewState } from './use-portfolio-preview';

function Section({
  title,
  right,
  children,
}: {
  title: string;
  right?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section>
      <Group justify="space-between" align="center" mb="xs" gap="xs">
        <Title order={4} fz="sm">
          {title}
        </Title>
        {right}
      </Group>
      {children}
    </section>
  );
}

/** The preview under the Final Trading List: its progress while it runs, then the result. */
export function PreviewPanel({ preview }: { preview: PortfolioPreviewState }) {
  const { status, progress, running, error } = preview;
  if (error !== null) return <Alert color="red">{error}</Alert>;
  if (status === null) return null;
  if (running) {
    const share = progress && progress.total > 0 ? (progress.completed / progress.total) * 100 : 0;
    return (
      <Stack gap={4} data-testid="preview-progress">
        <Text size="sm">
          Previewing the list on one account{progress?.phase ? `: ${progress.phase}` : '…'}
        </Text>
        <Progress value={share} animated />
      </Stack>
    );
  }
  if (status.status === 'failed' || status.result === null)
    return <Alert color="red">{status.error}</Alert>;
  return <PreviewResult id={status.id} result={status.result} stale={!preview.current} />;
}

function PreviewResult({
  id,
  result,
  stale,
}: {
  id: string;
  result: TPortfolioResult;
  stale: boolean;
}) {
  const first = result.equity[0]?.date ?? '';
  const last = result.equity.at(-1)?.date ?? '';
  const gain = result.final_equity - result.initial_cash;
  return (
    <Stack gap="lg" data-testid="preview-result">
      <Stack gap={2}>
        <Title order={3} fz="md">
          Preview on one account
        </Title>
        <Text size="sm" c="dimmed">
          {result.symbols.length} stocks, {first} to {last}:{' '}
          <span style={{ whiteSpace: 'nowrap' }}>{signedMoney(gain)}</span> on{' '}
          {money(result.initial_cash)}, sharing cash and the halt.
        </Text>
        {stale && (
          <Text size="sm" c="orange" data-testid="preview-stale">
            The list changed since this preview: preview it again to see the list as it stands.
          </Text>
        )}
        {result.halt && (
          <Text size="sm" c="red">
            The halt stopped new entries on {result.halt.date}.
          </Text>
        )}
      </Stack>
      <Section title="Equity against buy and hold and the market">
        <PortfolioEquityChart result={result} />
      </Section>
      <Section title="Drawdown">
        <DrawdownChart equity={result.equity} />
      </Section>
      <Section title="Metrics">
        <PreviewMetrics metrics={result.metrics} />
      </Section>
      <Section title="Risk of the next year (Monte Carlo)">
        <PreviewRisk risk={result.monte_carlo} from={last} />
      </Section>
      <Section title="Per stock">
        <PerSymbolTable rows={result.per_symbol} />
      </Section>
      <Section title="Per exit reason">
        <PerExitReasonTable rows={result.per_exit_reason} />
      </Section>
      <Section
        title={`Trades (${result.trades.length})`}
        right={
          <DownloadCsvButton
            path={`/api/portfolio/backtest/${id}/trades.csv`}
            fallbackName={`${id}-trades.csv`}
            testId="preview-trades-download"
          />
        }
      >
        <PreviewTradesTable trades={result.trades} />
      </Section>
    </Stack>
  );
}
