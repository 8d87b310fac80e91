import type { TAdminQueue, TAdminWorker } from '@tradebot/api-contract';
import { Badge, Card, Group, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';

/** "45 s", "12 min", "3 h 5 min": how long a job has waited. */
export function waitedFor(ms: number | null): string {
  if (ms === null) return '-';
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
}

/** Worker processes alive now: each holds a connection to Redis per queue it serves. */
export function WorkersCard({ workers }: { workers: TAdminWorker[] | null }) {
  return (
    <Card withBorder padding="lg" data-testid="workers-card">
      <Title order={3} fz="md" mb="xs">
        Workers
      </Title>
      {workers === null ? (
        <Text size="sm" c="dimmed">
          This Redis refuses CLIENT LIST, so workers cannot be listed.
        </Text>
      ) : workers.length === 0 ? (
        <Text size="sm" c="red" data-testid="no-workers">
          No worker is connected: jobs wait until a worker process starts.
        </Text>
      ) : (
        <Stack gap="xs">
          {workers.map((worker) => (
            <div key={worker.name} data-testid="worker-row">
              <Text size="sm" fw={600}>
                {worker.name}{' '}
                <Text span size="xs" c="dimmed" fw={400}>
                  connected {waitedFor(worker.connected_s * 1000)}
                </Text>
              </Text>
              <Group gap={4} mt={2}>
                {worker.queues.map((queue) => (
                  <Badge key={queue} variant="light" size="sm" color="gray">
                    {queue}
                  </Badge>
                ))}
              </Group>
            </div>
          ))}
        </Stack>
      )}
    </Card>
  );
}

/** A queue with work and nobody to do it stands out. */
function workersBadge(queue: TAdminQueue) {
  const stranded = queue.workers === 0 && queue.waiting + queue.delayed > 0;
  return (
    <Badge variant="light" color={stranded ? 'red' : queue.workers === 0 ? 'gray' : 'green'}>
      {queue.workers}
    </Badge>
  );
}

export function QueuesCard({ queues }: { queues: TAdminQueue[] }) {
  return (
    <Card withBorder padding="lg">
      <Title order={3} fz="md" mb="xs">
        Queues
      </Title>
      <ScrollArea>
        <Table className="data-table" striped verticalSpacing="xs" data-testid="queues-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Queue</Table.Th>
              <Table.Th>Waiting</Table.Th>
              <Table.Th>Active</Table.Th>
              <Table.Th>Delayed</Table.Th>
              <Table.Th>Failed</Table.Th>
              <Table.Th>Oldest waiting</Table.Th>
              <Table.Th>Workers</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {queues.map((queue) => (
              <Table.Tr key={queue.name} data-testid={`queue-${queue.name}`}>
                <Table.Td>{queue.name}</Table.Td>
                <Table.Td>{queue.waiting}</Table.Td>
                <Table.Td>{queue.active}</Table.Td>
                <Table.Td>{queue.delayed}</Table.Td>
                <Table.Td c={queue.failed > 0 ? 'red' : undefined}>{queue.failed}</Table.Td>
                <Table.Td>{waitedFor(queue.oldest_waiting_ms)}</Table.Td>
                <Table.Td>{workersBadge(queue)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </Card>
  );
}
