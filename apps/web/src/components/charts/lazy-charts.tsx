import { Center, Loader } from '@mantine/core';
import { lazy, Suspense, type ComponentType } from 'react';

/**
 * The charts as pages use them: the charting library is a third of a page's code, so it is
 * fetched when a chart is first shown, with a placeholder of the chart's height meanwhile.
 */
function deferred<P extends object>(load: () => Promise<ComponentType<P>>, height: number) {
  const View = lazy(async () => ({ default: await load() }));
  return function Chart(props: P) {
    return (
      <Suspense
        fallback={
          <Center h={height} data-testid="chart-loading">
            <Loader size="sm" />
          </Center>
        }
      >
        <View {...props} />
      </Suspense>
    );
  };
}

export const EquityChart = deferred(async () => (await import('./equity-chart')).EquityChart, 300);
export const PriceChart = deferred(async () => (await import('./price-chart')).PriceChart, 320);
export const BotCandles = deferred(async () => (await import('./bot-candles')).BotCandles, 300);
export const EquityCurve = deferred(async () => (await import('./equity-curve')).EquityCurve, 220);
export const PortfolioEquityChart = deferred(
  async () => (await import('./portfolio-charts')).PortfolioEquityChart,
  280,
);
export const DrawdownChart = deferred(
  async () => (await import('./portfolio-charts')).DrawdownChart,
  160,
);
export const RiskBandsChart = deferred(
  async () => (await import('./portfolio-charts')).RiskBandsChart,
  240,
);
export const DrawdownHistogram = deferred(
  async () => (await import('./drawdown-histogram')).DrawdownHistogram,
  240,
);
