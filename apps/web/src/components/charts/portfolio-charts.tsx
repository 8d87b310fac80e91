import type { TPortfolioMonteCarlo, TPortfolioResult } from '@tradebot/api-contract';
import { Box } from '@mantine/core';
import { AreaSeries, LineSeries, LineStyle } from 'lightweight-charts';
import { useMemo } from 'react';
import { ChartLegend } from './chart-legend';
import { bandData, drawdownData, percentFormat, pointData } from './portfolio-chart-data';
import { useChart } from './use-chart';

const money = { type: 'price', precision: 0, minMove: 1 } as const;

/**
 * The list's equity on one account against equal-weight buy-and-hold of the same stocks and
 * against the market (SPY, or the demo market's index) from the same cash.
 */
export function PortfolioEquityChart({ result }: { result: TPortfolioResult }) {
  const { ref, colors } = useChart(result, (chart, c, r) => {
    const line = (color: string, width: 1 | 2, values: TPortfolioResult['equity']) =>
      chart
        .addSeries(LineSeries, {
          color,
          lineWidth: width,
          priceLineVisible: false,
          lastValueVisible: false,
          priceFormat: money,
        })
        .setData(pointData(values));
    if (r.benchmarks.market !== null) line(c.defaults, 1, r.benchmarks.market.points);
    line(c.buyAndHold, 1, r.benchmarks.equal_weight);
    line(c.chosen, 2, r.equity);
  });
  const market = result.benchmarks.market;
  return (
    <div>
      <Box ref={ref} h={280} data-testid="preview-equity-chart" />
      <ChartLegend
        items={[
          { label: 'The list on one account', color: colors.chosen },
          { label: 'Equal-weight buy and hold', color: colors.buyAndHold },
          ...(market === null
            ? []
            : [{ label: `The market (${market.name})`, color: colors.defaults }]),
        ]}
      />
    </div>
  );
}

/** How far the account stood below its peak at each close, in percent. */
export function DrawdownChart({ equity }: { equity: TPortfolioResult['equity'] }) {
  const data = useMemo(() => drawdownData(equity), [equity]);
  const { ref } = useChart(data, (chart, c, points) => {
    chart
      .addSeries(AreaSeries, {
        lineColor: c.down,
        topColor: `${c.down}22`,
        bottomColor: `${c.down}66`,
        lineWidth: 1,
        priceLineVisible: false,
        // lightweight-charts' 'percent' format reads its precision as a price scale and shows no
        // decimals: every line of a drawdown under 1 % would say "−0%".
        priceFormat: percentFormat(points),
      })
      .setData(points);
  });
  return <Box ref={ref} h={160} data-testid="preview-drawdown-chart" />;
}

type Simulated = Extract<TPortfolioMonteCarlo, { ok: true }>;

/** The 5 / 50 / 95 % equity bands of the simulated next year, from the day after `from`. */
export function RiskBandsChart({ risk, from }: { risk: Simulated; from: string }) {
  const data = useMemo(() => ({ risk, from }), [risk, from]);
  const { ref, colors } = useChart(data, (chart, c, d) => {
    const bands = [
      { key: 'p95', color: c.up, dashed: true },
      { key: 'p50', color: c.chosen, dashed: false },
      { key: 'p5', color: c.down, dashed: true },
    ] as const;
    for (const band of bands)
      chart
        .addSeries(LineSeries, {
          color: band.color,
          lineWidth: band.dashed ? 1 : 2,
          lineStyle: band.dashed ? LineStyle.Dashed : LineStyle.Solid,
          priceLineVisible: false,
          priceFormat: money,
        })
        .setData(bandData(d.risk.bands, band.key, d.from));
  });
  return (
    <div>
      <Box ref={ref} h={240} data-testid="preview-bands-chart" />
      <ChartLegend
        items={[
          { label: '95 % of paths below', color: colors.up, dashed: true },
          { label: 'Median', color: colors.chosen },
          { label: '5 % of paths below', color: colors.down, dashed: true },
        ]}
      />
    </div>
  );
}
