import { Badge, type MantineSize } from '@mantine/core';

/** A position's or trade's side: long in teal, short in red. */
export function SideBadge({ side, size }: { side: 'long' | 'short'; size: MantineSize }) {
  return (
    <Badge size={size} variant="light" color={side === 'long' ? 'teal' : 'red'}>
      {side}
    </Badge>
  );
}
