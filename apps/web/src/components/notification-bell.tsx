import { ui } from '@tradebot/api-contract';
import { ActionIcon, Indicator, Popover } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useAuth } from '../features/auth/auth-context';
import { errorCode, serverDetail, useTRPC } from '../lib/trpc';
import { NotificationList } from './notification-list';
import { LineIcon } from './line-icon';
import { notify } from '../lib/notify';

/** Notifications refresh every 60 s. */
const NOTIFICATIONS_REFRESH_MS = 60_000;

const Bell = () => (
  <LineIcon>
    <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
    <path d="M13.7 21a2 2 0 0 1-3.4 0" />
  </LineIcon>
);

/** The badge counts unread notifications, capped so it stays one small circle. */
export const badgeLabel = (unread: number) => (unread > 99 ? '99+' : String(unread));

/**
 * The bell: its badge counts the notifications not yet seen; opening it marks read what it shows
 * (up to the newest listed, so one arriving meanwhile stays unread); Escape or a click outside
 * closes it and gives the focus back to the bell.
 */
export function NotificationBell() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { state, expire } = useAuth();
  const [opened, setOpened] = useState(false);
  /** How many of the listed ones were unread when the bell was opened: shown as new. */
  const [fresh, setFresh] = useState(0);
  const bell = useRef<HTMLButtonElement>(null);
  const enabled = state === 'verified';
  const list = useQuery(
    trpc.notifications.list.queryOptions(undefined, {
      enabled,
      refetchInterval: NOTIFICATIONS_REFRESH_MS,
    }),
  );
  // Counted again whenever the list is read (its refresh, or a page that invalidates it).
  const unread = useQuery(trpc.notifications.unread.queryOptions(undefined, { enabled }));
  const { refetch: recount } = unread;
  useEffect(() => {
    if (list.dataUpdatedAt > 0) void recount();
  }, [list.dataUpdatedAt, recount]);
  const unreadKey = trpc.notifications.unread.queryKey();
  const markRead = useMutation(
    trpc.notifications.markRead.mutationOptions({
      onSuccess: (data) => queryClient.setQueryData(unreadKey, data),
    }),
  );
  const clear = useMutation(
    trpc.notifications.clear.mutationOptions({
      onSuccess: () => Promise.all([list.refetch(), unread.refetch()]),
      onError: (error) => notify.error(serverDetail(error, ui.clearNotificationsFailed)),
    }),
  );

  // A 401 on notifications drops the token and goes to /login.
  useEffect(() => {
    if (errorCode(list.error) === 'UNAUTHORIZED') expire();
  }, [list.error, expire]);

  const items = list.data ?? [];
  const newest = items[0]?.id;
  const count = unread.data?.count ?? 0;
  // While open, what the list shows is seen: mark it read (again when a newer one is listed).
  const { mutate } = markRead;
  useEffect(() => {
    if (opened && newest !== undefined && count > 0) mutate({ up_to_id: newest });
  }, [opened, newest, count, mutate]);

  const close = () => {
    setOpened(false);
    bell.current?.focus();
  };
  useWindowEvent('keydown', (event) => {
    if (opened && event.key === 'Escape') close();
  });

  return (
    <Popover
      width={340}
      position="bottom-end"
      shadow="md"
      opened={opened}
      onDismiss={() => setOpened(false)}
    >
      <Popover.Target>
        <Indicator
          label={badgeLabel(count)}
          size={16}
          disabled={count === 0}
          color="red"
          offset={4}
          data-testid="notification-badge"
        >
          <ActionIcon
            ref={bell}
            variant="default"
            size="lg"
            aria-label={count > 0 ? `Notifications, ${count} unread` : 'Notifications'}
            aria-expanded={opened}
            onClick={() => {
              if (!opened) setFresh(count);
              setOpened(!opened);
            }}
            data-testid="notification-bell"
          >
            <Bell />
          </ActionIcon>
        </Indicator>
      </Popover.Target>
      <Popover.Dropdown data-testid="notification-list">
        <NotificationList
          items={items}
          fresh={fresh}
          loading={list.isPending}
          clearing={clear.isPending}
          onClear={() => clear.mutate()}
        />
      </Popover.Dropdown>
    </Popover>
  );
}
