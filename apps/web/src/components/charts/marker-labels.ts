import type { SeriesMarker } from 'lightweight-charts';

/** Width of one character of a marker label, in pixels (the chart's 12 px sans-serif, rounded up). */
const CHAR_PX = 7;
/** Space kept between two labels on the same side of the bars. */
const GAP_PX = 8;

/** How wide a marker's label is drawn, in pixels. */
export const labelWidth = (text: string) => text.length * CHAR_PX;

/**
 * Bars to leave empty right of the last bar, so a label centred on it is not cut off at the
 * chart's edge (labels are drawn centred on their bar).
 */
export function rightOffsetFor(markers: readonly SeriesMarker<string>[], barSpacing: number) {
  const widest = Math.max(0, ...markers.map((m) => labelWidth(m.text ?? '')));
  return Math.ceil(widest / 2 / Math.max(barSpacing, 1));
}

/**
 * The markers with their labels kept only where they fit: a label that would overlap a later
 * label on the same side of the bars (above or below) loses its text and keeps its shape, so
 * every fill stays marked and the most recent labels read cleanly. `days` are the bars in order;
 * `barSpacing` the pixels between two bars.
 */
export function fitLabels(
  markers: readonly SeriesMarker<string>[],
  days: readonly string[],
  barSpacing: number,
): SeriesMarker<string>[] {
  const index = new Map(days.map((day, i) => [day, i]));
  // Per side, the left edge (in px) of the nearest label kept to the right.
  const edge = new Map<string, number>();
  const out = [...markers];
  for (let i = out.length - 1; i >= 0; i -= 1) {
    const marker = out[i] as SeriesMarker<string>;
    const at = index.get(marker.time);
    if (!marker.text || at === undefined) continue;
    const centre = at * barSpacing;
    const half = labelWidth(marker.text) / 2;
    const limit = edge.get(marker.position) ?? Number.POSITIVE_INFINITY;
    if (centre + half + GAP_PX > limit) {
      out[i] = { ...marker, text: undefined };
    } else {
      edge.set(marker.position, centre - half);
    }
  }
  return out;
}
