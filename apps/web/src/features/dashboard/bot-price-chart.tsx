import { ui } from '@tradebot/api-contract';
import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';
import { BotCandles } from '../../components/charts/lazy-charts';
import { EmptyText, QueryBody, SectionCard } from './section-card';

const CHART_REFRESH_MS = 60_000;

/** Ours, beyond the spec: a symbol's recent daily candles with the bot's own fills marked. */
export function BotPriceChart({
  symbols,
  selected,
  onSelect,
}: {
  symbols: string[];
  selected: string | null;
  onSelect: (symbol: string) => void;
}) {
  const trpc = useTRPC();
  const symbol = selected ?? symbols[0] ?? null;
  const chart = useQuery(
    trpc.bot.chart.queryOptions(
      { symbol: symbol ?? '' },
      { enabled: symbol !== null, refetchInterval: CHART_REFRESH_MS },
    ),
  );
  return (
    <SectionCard
      title="Price and the bot's fills"
      testId="price-chart-card"
      right={
        symbols.length > 0 && (
          <Select
            size="xs"
            w={120}
            aria-label="Symbol to chart"
            data={symbols}
            value={symbol}
            onChange={(value) => value && onSelect(value)}
            allowDeselect={false}
            data-testid="chart-symbol"
          />
        )
      }
    >
      {symbol === null ? (
        <EmptyText testId="price-chart-empty">
          Nothing to chart yet: the chart shows the bot&apos;s monitored and held symbols.
        </EmptyText>
      ) : (
        <QueryBody query={chart} failed={ui.fetchFailed('price chart')} testId="price-chart">
          {(data) =>
            data.bars.length === 0 ? (
              <EmptyText testId="price-chart-no-bars">No price bars for {data.symbol}.</EmptyText>
            ) : (
              <BotCandles chart={data} />
            )
          }
        </QueryBody>
      )}
    </SectionCard>
  );
}
