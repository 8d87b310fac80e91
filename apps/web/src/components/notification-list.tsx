import type { TNotification } from '@tradebot/api-contract';
import { ui } from '@tradebot/api-contract';
import { Box, Button, Group, ScrollArea, Stack, Text, Tooltip } from '@mantine/core';
import { notificationTime, statusColor } from './notification-status';

interface Props {
  items: TNotification[];
  /** The first `fresh` items (newest first) were unread when the list was opened. */
  fresh: number;
  loading: boolean;
  clearing: boolean;
  onClear: () => void;
}

export function NotificationList({ items, fresh, loading, clearing, onClear }: Props) {
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
            {items.map((item, index) => (
              <Group
                key={item.id}
                gap="xs"
                wrap="nowrap"
                align="flex-start"
                data-testid="notification-item"
                data-status={item.status}
                data-unread={index < fresh}
              >
                <Tooltip label={item.status}>
                  <Box
                    mt={6}
                    w={8}
                    h={8}
                    style={{
                      borderRadius: '50%',
                      flexShrink: 0,
                      background: `var(--mantine-color-${statusColor(item.status)}-filled)`,
                    }}
                    aria-label={item.status}
                  />
                </Tooltip>
                <div>
                  <Text size="sm" fw={index < fresh ? 600 : undefined}>
                    {item.message}
                  </Text>
                  <Text size="xs" c="dimmed" data-testid="notification-time">
                    {notificationTime(item.timestamp)}
                  </Text>
                </div>
              </Group>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
    </>
  );
}
