import type { TBotChartOutput } from '@tradebot/api-contract';
import { ui } from '@tradebot/api-contract';
import { Box, Select, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { CandlestickSeries } from 'lightweight-charts';
import { useTRPC } from '../../lib/trpc';
import { ChartLegend } from '../settings/backtest-detail/chart-legend';
import { addFittedMarkers } from '../settings/backtest-detail/fitted-markers';
import { useChart } from '../settings/backtest-detail/use-chart';
import { candles, fillMarkers } from './bot-chart-data';
import { EmptyText, QueryBody, SectionCard } from './section-card';

const CHART_REFRESH_MS = 60_000;

function Candles({ chart }: { chart: TBotChartOutput }) {
  const { ref, colors } = useChart(chart, (api, c, data) => {
    const series = api.addSeries(CandlestickSeries, {
      upColor: c.up,
      downColor: c.down,
      borderVisible: false,
      wickUpColor: c.up,
      wickDownColor: c.down,
      priceLineVisible: false,
    });
    const bars = candles(data.bars);
    series.setData(bars);
    const days = bars.map((bar) => String(bar.time));
    addFittedMarkers(api, series, fillMarkers(data.fills, days, { buy: c.up, sell: c.exit }), days);
  });
  return (
    <div>
      <Box ref={ref} h={300} data-testid="bot-price-chart" />
      <ChartLegend
        items={[
          { label: '▲ Bot buy', color: colors.up },
          { label: '▼ Bot sell', color: colors.exit },
        ]}
      />
      {chart.fills.length === 0 && (
        <Text size="xs" c="dimmed" mt={4}>
          The bot has no fills in {chart.symbol} yet.
        </Text>
      )}
    </div>
  );
}

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
              <Candles chart={data} />
            )
          }
        </QueryBody>
      )}
    </SectionCard>
  );
}
