import { Alert, Button, Group, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useUserEventsState } from '../lib/use-user-events';
import { userEvents } from '../lib/user-events-connection';
import { bannerText } from '../lib/ws-state';

/**
 * Dashboard: a warning while live updates are down, with the close code and reason,
 * the countdown to the next attempt (or that the client gave up) and a Reconnect button; a
 * short 'WebSocket connected' once they are back. Nothing while no live task wants the socket
 * or while it is healthy. Shown at the top of every page column (see Page).
 */
export function WsBanner() {
  const state = useUserEventsState();
  const [now, setNow] = useState(() => Date.now());
  const text = bannerText(state, now);
  // A countdown or the short 'connected' note: re-render each second while one is shown.
  const ticking = text !== null && (state.retryAt !== null || state.status === 'connected');

  useEffect(() => {
    setNow(Date.now());
    if (!ticking) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [ticking, state]);

  if (!text) return null;
  if (state.status === 'connected')
    return (
      <Alert color="green" variant="light" mb="lg" role="status" data-testid="ws-banner">
        <Text size="sm">{text}</Text>
      </Alert>
    );
  const waiting = state.status === 'connecting';
  return (
    <Alert
      color="yellow"
      variant="light"
      title="Live updates"
      mb="lg"
      role="alert"
      data-testid="ws-banner"
    >
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm" style={{ flex: '1 1 16rem' }}>
          {text}
        </Text>
        <Button
          size="xs"
          variant="default"
          disabled={waiting}
          onClick={() => userEvents.reconnect()}
          data-testid="ws-reconnect"
        >
          Reconnect
        </Button>
      </Group>
    </Alert>
  );
}
