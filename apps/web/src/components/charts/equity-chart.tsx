import type { TBacktestResult } from '@tradebot/api-contract';
import { Box, Group, Switch, Text } from '@mantine/core';
import { LineSeries, LineStyle } from 'lightweight-charts';
import { useMemo, useState } from 'react';
import { lineData } from './chart-data';
import { ChartLegend } from './chart-legend';
import { useChart, type ChartColors } from './use-chart';

type Curve = keyof TBacktestResult['equity'];

/** The four curves: what each is called, its colour and how it is drawn. */
const CURVES: readonly {
  key: Curve;
  label: string;
  color: (c: ChartColors) => string;
  width: 1 | 2 | 3;
  dashed?: boolean;
}[] = [
  {
    key: 'walk_forward',
    label: 'Walk-forward (out of sample)',
    color: (c) => c.walkForward,
    width: 3,
  },
  { key: 'chosen', label: 'Chosen parameters (in sample)', color: (c) => c.chosen, width: 2 },
  { key: 'defaults', label: 'Defaults', color: (c) => c.defaults, width: 1, dashed: true },
  { key: 'buy_and_hold', label: 'Buy and hold', color: (c) => c.buyAndHold, width: 1 },
];

/** Equity over the tested window for the chosen set, the defaults, buy-and-hold and walk-forward. */
export function EquityChart({ result }: { result: TBacktestResult }) {
  // Buy-and-hold often moves far more than the strategies and sets the scale: hiding it lets the
  // other three curves fill the chart.
  const [showHold, setShowHold] = useState(true);
  const data = useMemo(() => ({ result, showHold }), [result, showHold]);
  const shown = CURVES.filter((curve) => showHold || curve.key !== 'buy_and_hold');
  const { ref, colors } = useChart(data, (chart, c, { result: r }) => {
    for (const curve of shown) {
      const series = chart.addSeries(LineSeries, {
        color: curve.color(c),
        lineWidth: curve.width,
        lineStyle: curve.dashed ? LineStyle.Dashed : LineStyle.Solid,
        priceLineVisible: false,
        lastValueVisible: false,
      });
      series.setData(lineData(r.dates, r.equity[curve.key]));
    }
  });
  return (
    <div>
      <Box ref={ref} h={300} data-testid="equity-chart" />
      <Group justify="space-between" align="flex-start" gap="xs">
        <ChartLegend
          items={shown.map((c) => ({ label: c.label, color: c.color(colors), dashed: c.dashed }))}
        />
        <Switch
          size="xs"
          mt={6}
          label="Show buy and hold"
          checked={showHold}
          onChange={(event) => setShowHold(event.currentTarget.checked)}
        />
      </Group>
      <Text size="xs" c="dimmed" mt={4}>
        The chosen parameters were fitted on this same history, so their curve is in sample and
        flatters them. The walk-forward curve chains each fold&apos;s winner over the months after
        its training window: that is the honest test (gaps are the first training window).
      </Text>
    </div>
  );
}
