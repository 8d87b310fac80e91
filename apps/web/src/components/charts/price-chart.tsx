import type { TBacktestResult } from '@tradebot/api-contract';
import { Box, Text } from '@mantine/core';
import { CandlestickSeries } from 'lightweight-charts';
import { candleData, tradeMarkers } from './chart-data';
import { ChartLegend } from './chart-legend';
import { addFittedMarkers } from './fitted-markers';
import { useChart } from './use-chart';

/** Daily candles of the window with the chosen parameters' entries and exits marked. */
export function PriceChart({ result }: { result: TBacktestResult }) {
  const { ref, colors } = useChart(result, (chart, c, r) => {
    const series = chart.addSeries(CandlestickSeries, {
      upColor: c.up,
      downColor: c.down,
      borderVisible: false,
      wickUpColor: c.up,
      wickDownColor: c.down,
      priceLineVisible: false,
    });
    series.setData(candleData(r.dates, r.bars));
    addFittedMarkers(
      chart,
      series,
      tradeMarkers(r.trades, { long: c.up, short: c.down, exit: c.exit }),
      r.dates,
    );
  });
  return (
    <div>
      <Box ref={ref} h={320} data-testid="price-chart" />
      <ChartLegend
        items={[
          { label: '▲ Long entry', color: colors.up },
          { label: '▼ Short entry', color: colors.down },
          { label: '● Exit (with its reason)', color: colors.exit },
        ]}
      />
      {result.trades.length === 0 && (
        <Text size="xs" c="dimmed" mt={4}>
          The chosen parameters made no trades in this window.
        </Text>
      )}
    </div>
  );
}
