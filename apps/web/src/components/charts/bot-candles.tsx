import type { TBotChartOutput } from '@tradebot/api-contract';
import { Box, Text } from '@mantine/core';
import { CandlestickSeries } from 'lightweight-charts';
import { candles, fillMarkers } from './bot-chart-data';
import { ChartLegend } from './chart-legend';
import { addFittedMarkers } from './fitted-markers';
import { useChart } from './use-chart';

/** A symbol's recent daily candles with the bot's own fills marked (the dashboard's chart). */
export function BotCandles({ chart }: { chart: TBotChartOutput }) {
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
    const days = bars.map((bar) => bar.time);
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
