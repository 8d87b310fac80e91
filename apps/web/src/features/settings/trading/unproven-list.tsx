import { Group, Stack, Text } from '@mantine/core';
import type { WithVerdict } from '../../../lib/edge-evidence';
import { VerdictBadge } from './verdict-badge';

/** The stocks a backtest does not back, each with its verdict (inside a confirmation). */
export function UnprovenList({ stocks }: { stocks: readonly WithVerdict[] }) {
  return (
    <Stack gap={4} data-testid="unproven-stocks" mah={240} style={{ overflowY: 'auto' }}>
      {stocks.map((stock) => (
        <Group key={stock.symbol} gap="xs" wrap="nowrap" data-testid="unproven-stock">
          <Text size="sm" fw={600} w={72}>
            {stock.symbol}
          </Text>
          <VerdictBadge noRobustEdge={stock.no_robust_edge} />
        </Group>
      ))}
    </Stack>
  );
}

/** Why the stocks listed ask for a confirmation. */
export function UnprovenNote({ count }: { count: number }) {
  return (
    <Text size="sm">
      {count === 1 ? 'This stock has' : `These ${count} stocks have`} no backtest showing a robust
      edge: the bot would trade {count === 1 ? 'it' : 'them'} without evidence that the parameters
      work.
    </Text>
  );
}
