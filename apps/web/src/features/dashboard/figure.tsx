import { Text } from '@mantine/core';

/** A labelled figure of the dashboard's panels (bot status, performance). */
export function Figure({
  label,
  value,
  color,
  testId,
  large = false,
}: {
  label: string;
  value: string;
  color?: string | undefined;
  testId: string;
  /** The performance card's headline figures. */
  large?: boolean;
}) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text
        fw={large ? 700 : 600}
        size={large ? 'lg' : undefined}
        c={color}
        data-testid={testId}
        style={{ fontVariantNumeric: 'tabular-nums' }}
      >
        {value}
      </Text>
    </div>
  );
}
