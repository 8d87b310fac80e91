import type { THistoricalPerformance } from '@tradebot/api-contract';
import { ui } from '@tradebot/api-contract';
import { Box, SimpleGrid, Stack } from '@mantine/core';
import { LineSeries } from 'lightweight-charts';
import { useMemo } from 'react';
import { useChart } from '../settings/backtest-detail/use-chart';
import { percent, pnlColor, signedMoney } from './bot-format';
import { equityCurveData } from './bot-chart-data';
import { EmptyText, QueryBody, SectionCard } from './section-card';
import type { BotData } from './use-bot-data';
import { Figure } from './figure';

/** Cumulative realised P&L after each closed trade (ours, beyond the spec). */
function EquityCurve({ curve }: { curve: THistoricalPerformance['equity_curve'] }) {
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

/** Historical performance (cumulative P&L, win rate %, max drawdown %) and the curve. */
export function PerformanceCard({ performance }: { performance: BotData['performance'] }) {
  return (
    <SectionCard title="Historical performance" testId="performance">
      <QueryBody
        query={performance}
        failed={ui.fetchFailed('historical performance')}
        testId="performance"
      >
        {(p) => (
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
              <Figure
                large
                label="Cumulative P&L"
                value={signedMoney(p.cumulative_pnl)}
                color={pnlColor(p.cumulative_pnl)}
                testId="perf-cumulative-pnl"
              />
              <Figure
                large
                label="Win rate"
                value={percent(p.win_rate, 1)}
                testId="perf-win-rate"
              />
              <Figure
                large
                label="Max drawdown"
                value={percent(p.max_drawdown, 1)}
                testId="perf-max-drawdown"
              />
              <Figure
                large
                label="Closed trades"
                value={String(p.trades_count)}
                testId="perf-trades"
              />
            </SimpleGrid>
            {p.equity_curve.length > 0 ? (
              <EquityCurve curve={p.equity_curve} />
            ) : (
              <EmptyText testId="equity-curve-empty">
                No closed trades yet: the equity curve starts with the bot&apos;s first closed
                trade.
              </EmptyText>
            )}
          </Stack>
        )}
      </QueryBody>
    </SectionCard>
  );
}
