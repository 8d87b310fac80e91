import { ui } from '@tradebot/api-contract';
import { Alert, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { serverDetail, useTRPC } from '../../lib/trpc';
import { DemoClockCard } from './demo-clock-card';
import { QueuesCard, WorkersCard } from './queues-card';
import { RecentErrors, RunningBots } from './system-activity';
import { useAdminAccess } from './use-admin-access';

/** How often the tab reads the system again while it is open. */
const REFRESH_MS = 5_000;

/** "System": workers, queues, running bots, recent errors and the demo clock, read every 5 s. */
export function SystemTab() {
  const trpc = useTRPC();
  const system = useQuery({ ...trpc.admin.system.queryOptions(), refetchInterval: REFRESH_MS });
  useAdminAccess(system.error);

  if (system.isError)
    return (
      <Alert color="red" variant="light">
        {serverDetail(system.error, ui.systemLoadFailed)}
      </Alert>
    );
  if (system.isPending) return <Text c="dimmed">Loading the system status...</Text>;
  const data = system.data;
  return (
    <Stack gap="md" data-testid="system-tab">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <WorkersCard workers={data.workers} />
        <DemoClockCard clock={data.demo_clock} />
      </SimpleGrid>
      <QueuesCard queues={data.queues} />
      <RunningBots bots={data.bots} />
      <RecentErrors system={data} />
    </Stack>
  );
}
