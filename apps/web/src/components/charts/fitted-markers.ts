import {
  createSeriesMarkers,
  type IChartApi,
  type ISeriesApi,
  type SeriesMarker,
  type SeriesType,
} from 'lightweight-charts';
import { fitLabels, rightOffsetFor } from './marker-labels';

/**
 * Puts markers on a series of daily bars with their labels fitted: room right of the last bar
 * so its label is not cut off, and labels that would overlap dropped (their shapes stay). The
 * labels are fitted again whenever the bars get wider or narrower (zoom, resize).
 */
export function addFittedMarkers(
  chart: IChartApi,
  series: ISeriesApi<SeriesType>,
  markers: readonly SeriesMarker<string>[],
  days: readonly string[],
) {
  const timeScale = chart.timeScale();
  const plugin = createSeriesMarkers(series, []);
  let spacing = 0;
  const fit = () => {
    const next = timeScale.options().barSpacing;
    if (next === spacing) return;
    spacing = next;
    plugin.setMarkers(fitLabels(markers, days, spacing));
  };
  // The room needed depends on the bar width, which the room itself narrows: a few rounds settle it.
  const makeRoom = () => {
    for (let round = 0; round < 4; round += 1) {
      timeScale.fitContent();
      const room = rightOffsetFor(markers, timeScale.options().barSpacing);
      if (room === timeScale.options().rightOffset) break;
      timeScale.applyOptions({ rightOffset: room });
    }
    fit();
  };
  makeRoom();
  timeScale.subscribeVisibleLogicalRangeChange(fit);
  // The chart takes its box's size after the first layout (and on every resize), so the bar
  // width read above may be the default one: room again once the chart has drawn at its size.
  const element = chart.chartElement();
  let width = -1;
  const observer = new ResizeObserver(() => {
    if (!element.isConnected) return observer.disconnect();
    if (element.clientWidth === width) return;
    width = element.clientWidth;
    requestAnimationFrame(() => {
      if (element.isConnected) makeRoom();
    });
  });
  observer.observe(element);
}
