import type { TBacktestRobustness } from '@tradebot/api-contract';
import { Badge, Center, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { RobustnessTable } from './robustness-table';
import { largestProfit, robustnessLines } from './robustness-text';

// Fetched when a detail with a map is first shown, as the charts are.
const RobustnessHeatmap = lazy(async () => ({
  default: (await import('./robustness-heatmap')).RobustnessHeatmap,
}));

/**
 * The robustness map: whether the chosen set is fragile, what the figures mean, the table of
 * single moves and the heatmap of the two most important parameters.
 */
export function RobustnessSection({ map, phone }: { map: TBacktestRobustness; phone: boolean }) {
  const largest = largestProfit(map);
  const { explain, finding } = robustnessLines(map);
  return (
    <Stack gap="xs" data-testid="robustness-map">
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Badge color={map.fragile ? 'red' : 'teal'} variant="light" style={{ flexShrink: 0 }}>
          {map.fragile ? 'Fragile' : 'Steady'}
        </Badge>
        <Text size="sm" fw={600} data-testid="robustness-finding">
          {finding}
        </Text>
      </Group>
      <Text size="xs" c="dimmed" data-testid="robustness-explain">
        {explain}
      </Text>
      <SimpleGrid cols={{ base: 1, md: map.grid ? 2 : 1 }} spacing="md">
        <RobustnessTable map={map} largest={largest} phone={phone} />
        {map.grid && (
          <Suspense
            fallback={
              <Center h={220} data-testid="chart-loading">
                <Loader size="sm" />
              </Center>
            }
          >
            <RobustnessHeatmap grid={map.grid} params={map.params} largest={largest} />
          </Suspense>
        )}
      </SimpleGrid>
    </Stack>
  );
}
