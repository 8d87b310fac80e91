import { ui, type TAdminSystem } from '@tradebot/api-contract';
import { Alert, Badge, Button, Card, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatMarketTime } from '../../lib/market-time';
import { notify } from '../../lib/notify';
import { serverDetail, useTRPC } from '../../lib/trpc';

/** Skips an admin can take, in market hours. */
const SKIPS = [
  { value: '1', label: '1 hour' },
  { value: '6', label: '6 hours' },
  { value: '24', label: '1 day' },
  { value: '72', label: '3 days' },
  { value: '168', label: '1 week' },
];

const speedText = (clock: TAdminSystem['demo_clock']) =>
  clock.speed === 0
    ? 'Paused (DEMO_TRADING_DAYS_PER_MINUTE=0)'
    : `${days(clock.trading_days_per_minute)} per wall minute`;

/** "1 trading day", "0.5 trading days". */
function days(perMinute: number) {
  const n = Number(perMinute.toPrecision(3));
  return n === 1 ? '1 trading day' : `${n} trading days`;
}

/**
 * The deployment's demo clock and its one control: a skip ahead, asked first because every demo
 * user's market moves with it. Its speed is a server setting (DEMO_TRADING_DAYS_PER_MINUTE).
 */
export function DemoClockCard({ clock }: { clock: TAdminSystem['demo_clock'] }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const advance = useMutation(trpc.admin.advanceDemoClock.mutationOptions());
  const [hours, setHours] = useState('24');
  const [error, setError] = useState<string | null>(null);

  const skip = async () => {
    const amount = Number(hours);
    if (!window.confirm(ui.confirmDemoClockSkip(amount))) return;
    setError(null);
    try {
      const { message } = await advance.mutateAsync({ hours: amount });
      notify.success(message);
    } catch (caught) {
      setError(serverDetail(caught, ui.demoClockSkipFailed));
    }
    await queryClient.invalidateQueries({ queryKey: trpc.admin.system.queryKey() });
  };

  return (
    <Card withBorder padding="lg" data-testid="demo-clock-card">
      <Group justify="space-between" mb="xs">
        <Title order={3} fz="md">
          Demo clock
        </Title>
        <Badge variant="light" color={clock.is_open ? 'green' : 'gray'}>
          {clock.is_open ? 'Market open' : 'Market closed'}
        </Badge>
      </Group>
      <Stack gap={4} mb="sm">
        <Text size="sm" fw={600} data-testid="demo-clock-time">
          {formatMarketTime(clock.market_time)}
        </Text>
        <Text size="xs" c="dimmed">
          {speedText(clock)} · next {clock.is_open ? 'close' : 'open'}{' '}
          {formatMarketTime(clock.is_open ? clock.next_close : clock.next_open)}
        </Text>
      </Stack>
      <Group align="flex-end" gap="sm">
        <NativeSelect
          label="Skip ahead"
          data={SKIPS}
          value={hours}
          onChange={(event) => setHours(event.currentTarget.value)}
          data-testid="demo-clock-hours"
        />
        <Button
          onClick={() => void skip()}
          loading={advance.isPending}
          disabled={clock.speed === 0}
          data-testid="demo-clock-skip"
        >
          Skip ahead
        </Button>
      </Group>
      {error && (
        <Alert color="red" variant="light" mt="sm">
          {error}
        </Alert>
      )}
    </Card>
  );
}
