import type { TAlpacaUniverseStatus } from '@tradebot/api-contract';
import { Alert, Badge, Button, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { serverDetail, useTRPC } from '../../lib/trpc';
import { useProgressEvents } from '../../lib/use-progress-events';
import { useAdminAccess } from './use-admin-access';

/** Must match core's ALPACA_UNIVERSE_TASK (the websocket task of a load's progress). */
const TASK = 'alpaca-universe';
const STATUS_COLOR = { queued: 'gray', running: 'blue', completed: 'green', failed: 'red' };
const KEY_SOURCE: Record<TAlpacaUniverseStatus['key_source'], string> = {
  data_key: "Loads use the server's Alpaca data key (ALPACA_DATA_KEY_ID).",
  user_keys: "Loads use an Alpaca user's saved keys (no ALPACA_DATA_KEY_ID is set).",
  none: 'No key to load with: set ALPACA_DATA_KEY_ID and ALPACA_DATA_SECRET_KEY, or wait until an Alpaca user saves keys.',
};

/**
 * "Alpaca universe": the listings and daily bars Alpaca users screen, explore, backtest and
 * trade, loaded after each close by the worker; an admin can start a load now and follow it.
 */
export function AlpacaUniverseCard() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const status = useQuery({
    ...trpc.adminAlpacaUniverse.status.queryOptions(),
    refetchInterval: (query) => {
      const last = query.state.data?.last;
      return last && (last.status === 'queued' || last.status === 'running') ? 2_000 : false;
    },
  });
  useAdminAccess(status.error);
  const start = useMutation(trpc.adminAlpacaUniverse.start.mutationOptions());
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const data = status.data;
  const last = data?.last ?? null;
  const busy = last?.status === 'queued' || last?.status === 'running';
  const live = useProgressEvents(TASK, busy);

  const run = async () => {
    setNotice(null);
    try {
      setNotice({ ok: true, text: (await start.mutateAsync()).message });
    } catch (caught) {
      setNotice({ ok: false, text: serverDetail(caught, 'Failed to start the load') });
    }
    await queryClient.invalidateQueries({ queryKey: trpc.adminAlpacaUniverse.status.queryKey() });
  };

  const done = live?.completed ?? last?.symbols_done ?? 0;
  const total = live?.total || last?.symbols_total || 0;
  return (
    <Card withBorder padding="lg" data-testid="alpaca-universe-card">
      <Group justify="space-between" mb={4}>
        <Title order={3} fz="md">
          Alpaca universe
        </Title>
        {last && (
          <Badge color={STATUS_COLOR[last.status]} variant="light" data-testid="alpaca-status">
            {live && busy ? 'running' : last.status}
          </Badge>
        )}
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        Alpaca&apos;s tradable US listings and two years of daily bars: the market of every Alpaca
        user. Loaded after each close (16:30 and 20:30 New York); each load continues from the last
        stored bar.
      </Text>
      <Stack gap="sm">
        {data && (
          <Text size="sm" data-testid="alpaca-summary">
            {data.listings.toLocaleString('en-US')} listings
            {data.complete_through ? `, complete through ${data.complete_through}` : ''}.{' '}
            {KEY_SOURCE[data.key_source]}
          </Text>
        )}
        <Group>
          <Button
            onClick={() => void run()}
            loading={start.isPending}
            disabled={busy || data?.key_source === 'none'}
            data-testid="load-alpaca-universe"
          >
            Load now
          </Button>
        </Group>
        {notice && (
          <Alert color={notice.ok ? 'green' : 'red'} variant="light">
            {notice.text}
          </Alert>
        )}
        {status.isError && (
          <Alert color="red" variant="light">
            {serverDetail(status.error, 'Failed to load the Alpaca universe status')}
          </Alert>
        )}
        {busy && (
          <Stack gap={4} data-testid="alpaca-progress">
            <Progress value={total > 0 ? (100 * done) / total : 0} animated />
            <Text size="xs" c="dimmed">
              {total > 0 ? `${done} of ${total} listings` : 'Waiting for the worker...'}
            </Text>
          </Stack>
        )}
        {last && !busy && (
          <Alert
            color={last.status === 'failed' ? 'red' : 'gray'}
            variant="light"
            data-testid="alpaca-last"
          >
            {last.status === 'failed' ? (last.error ?? 'The load failed.') : last.message}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
