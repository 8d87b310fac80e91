import {
  createSeriesMarkers,
  type IChartApi,
  type ISeriesApi,
  type SeriesMarker,
  type SeriesType,
  type Time,
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
  markers: readonly SeriesMarker<Time>[],
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
  timeScale.fitContent();
  timeScale.applyOptions({ rightOffset: rightOffsetFor(markers, timeScale.options().barSpacing) });
  timeScale.fitContent();
  fit();
  timeScale.subscribeVisibleLogicalRangeChange(fit);
}
