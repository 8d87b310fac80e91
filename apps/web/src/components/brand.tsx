import { Group, Text, ThemeIcon } from '@mantine/core';
import { LineIcon } from './line-icon';

function ChartIcon() {
  return (
    <LineIcon strokeWidth={2.4} rounded>
      <polyline points="3 17 9 11 13 15 21 7" />
      <polyline points="15 7 21 7 21 13" />
    </LineIcon>
  );
}

/** The logo and the name; `compact` (a phone's header) shows the logo alone; its link
 * is labelled with the name. */
export function Brand({ compact = false }: { compact?: boolean }) {
  return (
    <Group gap={8} wrap="nowrap">
      <ThemeIcon
        size={32}
        radius="md"
        variant="gradient"
        gradient={{ from: 'indigo.7', to: 'cyan.6', deg: 135 }}
      >
        <ChartIcon />
      </ThemeIcon>
      {!compact && (
        <Text fw={800} size="lg" lts={-0.3}>
          TradeBot
        </Text>
      )}
    </Group>
  );
}
