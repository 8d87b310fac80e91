import type { THistoricalPerformance } from '@tradebot/api-contract';
import { Box } from '@mantine/core';
import { LineSeries } from 'lightweight-charts';
import { useMemo } from 'react';
import { equityCurveData } from './bot-chart-data';
import { useChart } from './use-chart';

/** Cumulative realised P&L after each closed trade (the dashboard's performance card). */
export function EquityCurve({ curve }: { curve: THistoricalPerformance['equity_curve'] }) {
  const data = useMemo(() => equityCurveData(curve), [curve]);
  const { ref } = useChart(data, (chart, colors, points) => {
    const series = chart.addSeries(LineSeries, {
      color: colors.chosen,
      lineWidth: 2,
      priceLineVisible: false,
      // Whole cents: a small range never shows the same rounded label twice.
      priceFormat: { type: 'price', precision: 2, minMove: 0.01 },
    });
    series.setData(points);
  });
  return <Box ref={ref} h={220} data-testid="equity-curve" />;
}
