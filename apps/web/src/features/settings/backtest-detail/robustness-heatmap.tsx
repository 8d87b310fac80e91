import type { TBacktestRobustness } from '@tradebot/api-contract';
import { Box, Text } from '@mantine/core';
import { cellStyle, PointText } from './robustness-cell';
import { paramHeading } from './robustness-text';

type Grid = NonNullable<TBacktestRobustness['grid']>;

const signed = (o: number) => (o > 0 ? `+${o}` : o < 0 ? `−${-o}` : '0');

/**
 * The two most important parameters moved together: columns move the first, rows the second, the
 * chosen set in the middle (outlined). A grid of cells, so it shrinks to a phone's width.
 */
export function RobustnessHeatmap({
  grid,
  params,
  largest,
}: {
  grid: Grid;
  params: TBacktestRobustness['params'];
  largest: number;
}) {
  const x = params.find((p) => p.name === grid.x);
  const y = params.find((p) => p.name === grid.y);
  const xh = x ? paramHeading(x) : { label: grid.x, step: '' };
  const yh = y ? paramHeading(y) : { label: grid.y, step: '' };
  const n = grid.offsets.length;
  const centre = Math.floor(n / 2);
  return (
    <Box data-testid="robustness-heatmap">
      <Text size="xs" mb={4}>
        Across: {xh.label} ({xh.step}); down: {yh.label} ({yh.step}).
      </Text>
      <Box
        style={{
          display: 'grid',
          gridTemplateColumns: `2.2rem repeat(${n}, minmax(0, 1fr))`,
          gap: 2,
          maxWidth: 480,
        }}
      >
        <span />
        {grid.offsets.map((o) => (
          <Text key={`x${o}`} size="xs" c="dimmed" ta="center">
            {signed(o)}
          </Text>
        ))}
        {grid.cells.map((row, r) => [
          <Text
            key={`y${r}`}
            size="xs"
            c="dimmed"
            ta="right"
            pr={4}
            style={{ alignSelf: 'center' }}
          >
            {signed(grid.offsets[r] ?? 0)}
          </Text>,
          ...row.map((cell, c) => (
            <Box
              key={`${r}-${c}`}
              data-testid="robustness-cell"
              ta="center"
              py={4}
              style={{
                ...cellStyle(cell, largest),
                borderRadius: 4,
                overflow: 'hidden',
                outline:
                  r === centre && c === centre ? '2px solid var(--mantine-color-text)' : undefined,
                outlineOffset: -2,
              }}
            >
              <PointText point={cell} />
            </Box>
          )),
        ])}
      </Box>
    </Box>
  );
}
