import type { TNotification } from '@tradebot/api-contract';
import { ui } from '@tradebot/api-contract';
import { Button, Group, ScrollArea, Stack, Text } from '@mantine/core';

interface Props {
  items: TNotification[];
  loading: boolean;
  clearing: boolean;
  onClear: () => void;
}

export function NotificationList({ items, loading, clearing, onClear }: Props) {
  return (
    <>
      <Group justify="space-between" mb="xs">
        <Text fw={600}>Notifications</Text>
        {items.length > 0 && (
          <Button size="compact-xs" variant="subtle" loading={clearing} onClick={onClear}>
            Clear
          </Button>
        )}
      </Group>
      {loading ? (
        <Text size="sm" c="dimmed">
          {ui.loadingNotifications}
        </Text>
      ) : items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {ui.noNotifications}
        </Text>
      ) : (
        <ScrollArea.Autosize mah={320}>
          <Stack gap="xs">
            {items.map((item) => (
              <div key={item.id}>
                <Text size="sm">{item.message}</Text>
                <Text size="xs" c="dimmed">
                  {new Date(item.timestamp).toLocaleString()}
                </Text>
              </div>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
    </>
  );
}
