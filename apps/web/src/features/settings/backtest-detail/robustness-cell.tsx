import type { TBacktestRobustness } from '@tradebot/api-contract';
import { Text } from '@mantine/core';
import type { CSSProperties } from 'react';
import { ratio } from './format';
import { shade, shortMoney } from './robustness-text';

type Point = TBacktestRobustness['centre'];

/** A cell's background: teal for a gain, red for a loss, stronger the larger it is (either theme). */
export function cellStyle(point: Point | null, largest: number): CSSProperties {
  const share = Math.round(shade(point, largest) * 100);
  if (!point || share === 0) return {};
  const color = point.profit > 0 ? 'var(--mantine-color-teal-6)' : 'var(--mantine-color-red-6)';
  return { background: `color-mix(in srgb, ${color} ${share}%, transparent)` };
}

/** One out-of-sample result: its profit, and its Sharpe ratio below in small print; a dash for none. */
export function PointText({ point }: { point: Point | null }) {
  if (!point)
    return (
      <Text size="xs" c="dimmed">
        –
      </Text>
    );
  return (
    <>
      <Text size="xs" fw={600} style={{ whiteSpace: 'nowrap' }}>
        {shortMoney(point.profit)}
      </Text>
      <Text size="10px" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {ratio(point.sharpe)}
      </Text>
    </>
  );
}
