import { ui, type TBacktestResult } from '@tradebot/api-contract';
import { Alert, Badge, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { skipToken, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorCode, serverDetail, useTRPC } from '../../../lib/trpc';
import { EquityChart, PriceChart } from '../../../components/charts/lazy-charts';
import { DownloadCsvButton } from '../../../components/download-csv-button';
import { FiguresTable } from './figures-table';
import { ParametersTable } from './parameters-table';
import { RobustnessSection } from './robustness-section';
import { TradesTable } from './trades-table';
import { Verdict } from './verdict';

/**
 * One optimized stock's backtest (opened from the Optimized Parameters table): the verdict
 * first, then the robustness map around the chosen parameters, the equity curves, the price chart with the trades, the figures, the trade list
 * and the parameters used. Full screen on phones.
 */
export function BacktestDetailModal({
  symbol,
  onClose,
}: {
  symbol: string | null;
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const phone = useMediaQuery('(max-width: 48em)');
  const result = useQuery(
    trpc.backtests.result.queryOptions(symbol === null ? skipToken : { symbol }, { retry: false }),
  );
  return (
    <Modal
      opened={symbol !== null}
      onClose={onClose}
      title={<Text fw={700}>Backtest of {symbol}</Text>}
      size="80rem"
      fullScreen={phone}
    >
      {symbol === null ? null : result.isPending ? (
        <Group gap="xs">
          <Loader size="sm" />
          <Text size="sm">Loading the backtest of {symbol}…</Text>
        </Group>
      ) : result.isError ? (
        <Alert color={errorCode(result.error) === 'NOT_FOUND' ? 'gray' : 'red'}>
          {errorCode(result.error) === 'NOT_FOUND'
            ? `No completed backtest for ${symbol} yet.`
            : serverDetail(result.error, `Failed to load the backtest of ${symbol}.`)}
        </Alert>
      ) : (
        <DetailBody result={result.data} phone={phone} />
      )}
    </Modal>
  );
}

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
        <Title order={4}>{title}</Title>
        {right}
      </Group>
      {children}
    </section>
  );
}

const UNIVERSE_BADGE: Record<TBacktestResult['universe'], string> = {
  demo: 'Demo market',
  csv: 'Imported data',
  alpaca: 'Alpaca market',
};

function DetailBody({ result, phone }: { result: TBacktestResult; phone: boolean }) {
  return (
    <Stack gap="lg" data-testid="backtest-detail">
      <Group gap="xs">
        <Badge variant="light">{UNIVERSE_BADGE[result.universe]}</Badge>
        <Text size="sm" c="dimmed">
          {result.months.toFixed(0)} months
          {result.dates.length > 0 ? ` (${result.dates[0]} to ${result.dates.at(-1)})` : ''},
          completed {new Date(result.completed_at).toLocaleString()}
        </Text>
      </Group>
      {result.data ? (
        <Text size="sm" data-testid="backtest-data">
          {ui.backtestDataLine(result.data)}
        </Text>
      ) : null}
      <Verdict result={result} />
      {result.robustness && (
        <Section title="Robustness around the chosen parameters">
          <RobustnessSection map={result.robustness} phone={phone} />
        </Section>
      )}
      <Section title="Equity">
        <EquityChart result={result} />
      </Section>
      <Section title="Price and trades">
        <PriceChart result={result} />
      </Section>
      <Section title="Figures over the whole window">
        <FiguresTable figures={result.figures} />
      </Section>
      <Section
        title={`Trades of the chosen parameters (${result.trades.length})`}
        right={
          <DownloadCsvButton
            path={`/api/backtest/result/${encodeURIComponent(result.symbol)}/trades.csv`}
            fallbackName={`backtest-trades-${result.symbol}.csv`}
            testId="backtest-trades-download"
          />
        }
      >
        <TradesTable trades={result.trades} />
      </Section>
      <Section title="Parameters used">
        <ParametersTable chosen={result.parameters} defaults={result.default_parameters} />
      </Section>
    </Stack>
  );
}
