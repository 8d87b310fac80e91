import { useComputedColorScheme, useMantineTheme } from '@mantine/core';
import {
  ColorType,
  createChart,
  type DeepPartial,
  type ChartOptions,
  type IChartApi,
} from 'lightweight-charts';
import { useEffect, useMemo, useRef } from 'react';

/** The colours of one scheme, as real colour strings (the canvas cannot read CSS variables). */
export interface ChartColors {
  background: string;
  text: string;
  grid: string;
  chosen: string;
  defaults: string;
  buyAndHold: string;
  walkForward: string;
  up: string;
  down: string;
  exit: string;
}

/** Chart colours that follow the Mantine colour scheme (light or dark). */
export function useChartColors(): ChartColors {
  const theme = useMantineTheme();
  const scheme = useComputedColorScheme('light');
  return useMemo(() => {
    const c = theme.colors;
    const dark = scheme === 'dark';
    return {
      background: dark ? c.dark[7] : theme.white,
      text: dark ? c.dark[0] : c.gray[7],
      grid: dark ? c.dark[5] : c.gray[2],
      chosen: dark ? c.blue[4] : c.blue[7],
      defaults: dark ? c.gray[5] : c.gray[6],
      buyAndHold: dark ? c.orange[4] : c.orange[7],
      walkForward: dark ? c.teal[4] : c.teal[8],
      up: dark ? c.teal[5] : c.teal[7],
      down: dark ? c.red[5] : c.red[7],
      exit: dark ? c.yellow[4] : c.violet[7],
    };
  }, [theme, scheme]);
}

function chartOptions(colors: ChartColors): DeepPartial<ChartOptions> {
  return {
    autoSize: true,
    layout: {
      background: { type: ColorType.Solid, color: colors.background },
      textColor: colors.text,
      attributionLogo: true,
    },
    grid: { vertLines: { color: colors.grid }, horzLines: { color: colors.grid } },
    rightPriceScale: { borderColor: colors.grid },
    timeScale: { borderColor: colors.grid },
  };
}

/**
 * A lightweight-charts chart in the returned container: `build` adds the series. The chart
 * sizes itself to the container (autoSize watches it), is rebuilt when the colour scheme or
 * `data` change, and is removed on unmount.
 */
export function useChart<T>(
  data: T,
  build: (chart: IChartApi, colors: ChartColors, data: T) => void,
) {
  const ref = useRef<HTMLDivElement>(null);
  const colors = useChartColors();
  const builder = useRef(build);
  builder.current = build;
  useEffect(() => {
    const container = ref.current;
    if (!container) return;
    const chart = createChart(container, chartOptions(colors));
    builder.current(chart, colors, data);
    chart.timeScale().fitContent();
    return () => chart.remove();
  }, [colors, data]);
  return { ref, colors };
}
