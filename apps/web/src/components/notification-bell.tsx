import { ui } from '@tradebot/api-contract';
import { ActionIcon, Indicator, Popover } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useAuth } from '../features/auth/auth-context';
import { errorCode, serverDetail, useTRPC } from '../lib/trpc';
import { NotificationList } from './notification-list';
import { LineIcon } from './line-icon';

/** Notifications refresh every 60 s. */
const NOTIFICATIONS_REFRESH_MS = 60_000;

const Bell = () => (
  <LineIcon>
    <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
    <path d="M13.7 21a2 2 0 0 1-3.4 0" />
  </LineIcon>
);

export function NotificationBell() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { state, expire } = useAuth();
  const list = useQuery(
    trpc.notifications.list.queryOptions(undefined, {
      enabled: state === 'verified',
      refetchInterval: NOTIFICATIONS_REFRESH_MS,
    }),
  );
  const clear = useMutation(
    trpc.notifications.clear.mutationOptions({
      onSuccess: () =>
        queryClient.invalidateQueries({ queryKey: trpc.notifications.list.queryKey() }),
      onError: (error) =>
        notifications.show({
          color: 'red',
          message: serverDetail(error, ui.clearNotificationsFailed),
        }),
    }),
  );

  // A 401 on notifications drops the token and goes to /login.
  useEffect(() => {
    if (errorCode(list.error) === 'UNAUTHORIZED') expire();
  }, [list.error, expire]);

  const items = list.data ?? [];
  return (
    <Popover width={340} position="bottom-end" shadow="md">
      <Popover.Target>
        <Indicator
          label={items.length}
          size={16}
          disabled={items.length === 0}
          color="red"
          offset={4}
        >
          <ActionIcon
            variant="default"
            size="lg"
            aria-label="Notifications"
            data-testid="notification-bell"
          >
            <Bell />
          </ActionIcon>
        </Indicator>
      </Popover.Target>
      <Popover.Dropdown data-testid="notification-list">
        <NotificationList
          items={items}
          loading={list.isPending}
          clearing={clear.isPending}
          onClear={() => clear.mutate()}
        />
      </Popover.Dropdown>
    </Popover>
  );
}
