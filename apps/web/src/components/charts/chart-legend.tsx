import { Box, Group, Text } from '@mantine/core';

export interface LegendItem {
  label: string;
  color: string;
  dashed?: boolean;
}

/** A row of colour swatches naming the chart's lines. */
export function ChartLegend({ items }: { items: readonly LegendItem[] }) {
  return (
    <Group gap="md" mt={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {items.map((item) => (
        <Group key={item.label} gap={6} component="li" wrap="nowrap">
          <Box
            w={18}
            h={0}
            style={{ borderTop: `3px ${item.dashed ? 'dashed' : 'solid'} ${item.color}` }}
            aria-hidden
          />
          <Text size="xs">{item.label}</Text>
        </Group>
      ))}
    </Group>
  );
}
