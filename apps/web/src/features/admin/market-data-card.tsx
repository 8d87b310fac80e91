import type { TMarketImportStatus } from '@tradebot/api-contract';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Progress,
  ScrollArea,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { serverDetail, useTRPC } from '../../lib/trpc';
import { useProgressEvents } from '../../lib/use-progress-events';
import { useAdminAccess } from './use-admin-access';

/** Must match core's MARKET_IMPORT_TASK (the websocket task of the import's progress). */
const TASK = 'market-import';
const STATUS_COLOR = { queued: 'gray', running: 'blue', completed: 'green', failed: 'red' };

type Last = NonNullable<TMarketImportStatus['last']>;

/**
 * "Market data": imports the folder configured on the server (MARKET_DATA_DIR) as a worker job,
 * with live progress over /ws (and a 2 s poll of the status as a fallback), then its report.
 */
export function MarketDataCard() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const status = useQuery({
    ...trpc.adminMarketImport.status.queryOptions(),
    refetchInterval: (query) => {
      const last = query.state.data?.last;
      return last && (last.status === 'queued' || last.status === 'running') ? 2_000 : false;
    },
  });
  useAdminAccess(status.error);
  const start = useMutation(trpc.adminMarketImport.start.mutationOptions());
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const last = status.data?.last ?? null;
  const busy = last?.status === 'queued' || last?.status === 'running';
  const live = useProgressEvents(TASK, busy);

  const run = async () => {
    setNotice(null);
    try {
      const reply = await start.mutateAsync();
      setNotice({ ok: true, text: reply.message });
    } catch (caught) {
      setNotice({ ok: false, text: serverDetail(caught, 'Failed to start the import') });
    }
    await queryClient.invalidateQueries({ queryKey: trpc.adminMarketImport.status.queryKey() });
  };

  const done = live?.completed ?? last?.files_done ?? 0;
  const total = live?.total || last?.files_total || 0;
  return (
    <Card withBorder padding="lg" data-testid="market-data-card">
      <Group justify="space-between" mb={4}>
        <Title order={3} fz="md">
          CSV snapshot (offline universe)
        </Title>
        {last && (
          <Badge color={STATUS_COLOR[last.status]} variant="light" data-testid="import-status">
            {live && busy ? 'running' : last.status}
          </Badge>
        )}
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        Loads the server&apos;s market data folder (company fundamentals and daily prices) as an
        offline snapshot (source csv). It is not the Alpaca users&apos; market: its fundamentals are
        copied onto the Alpaca listings of the same symbol at each Alpaca load. Re-running it is
        safe: rows already loaded are not duplicated.
      </Text>
      <Stack gap="sm">
        <Group>
          <Button
            onClick={() => void run()}
            loading={start.isPending}
            disabled={busy || status.data?.available === false}
            data-testid="import-market-data"
          >
            Import market data
          </Button>
          {status.data?.available === false && (
            <Text size="sm" c="red">
              No market data folder is configured on the server (MARKET_DATA_DIR).
            </Text>
          )}
        </Group>
        {notice && (busy || !notice.ok) && (
          <Alert color={notice.ok ? 'green' : 'red'} variant="light">
            {notice.text}
          </Alert>
        )}
        {status.isError && (
          <Alert color="red" variant="light">
            {serverDetail(status.error, 'Failed to load the import status')}
          </Alert>
        )}
        {busy && (
          <Stack gap={4} data-testid="import-progress">
            <Progress value={total > 0 ? (100 * done) / total : 0} animated />
            <Text size="xs" c="dimmed">
              {total > 0 ? `${done} of ${total} files` : 'Waiting for the worker...'}
              {live?.message ? ` · ${live.message}` : ''}
            </Text>
          </Stack>
        )}
        {last && !busy && <ImportReport last={last} />}
      </Stack>
    </Card>
  );
}

function ImportReport({ last }: { last: Last }) {
  if (last.status === 'failed')
    return (
      <Alert color="red" variant="light" data-testid="import-error">
        {last.error ?? 'The import failed.'}
      </Alert>
    );
  const report = last.report;
  if (!report) return null;
  const n = (value: number) => value.toLocaleString('en-US');
  return (
    <Stack gap="xs" data-testid="import-report">
      <Text size="sm">{last.message}</Text>
      <Text size="xs" c="dimmed">
        Companies: {n(report.companies.inserted)} new, {n(report.companies.updated)} updated,{' '}
        {n(report.companies.unchanged)} unchanged · Daily bars: {n(report.bars.inserted)} new,{' '}
        {n(report.bars.updated)} updated, {n(report.bars.unchanged)} unchanged
        {last.finished_at ? ` · finished ${new Date(last.finished_at).toLocaleString()}` : ''}
      </Text>
      {report.rejected.length === 0 ? (
        <Text size="sm" c="green">
          No rejected rows.
        </Text>
      ) : (
        <ScrollArea.Autosize mah={320} type="auto">
          <Table striped verticalSpacing={4} fz="xs" data-testid="rejected-rows">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>File</Table.Th>
                <Table.Th>Row</Table.Th>
                <Table.Th>Column</Table.Th>
                <Table.Th>Reason</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {report.rejected.map((row, i) => (
                <Table.Tr key={`${row.file}-${row.row}-${row.column}-${i}`}>
                  <Table.Td>{row.file}</Table.Td>
                  <Table.Td>{row.row ?? '-'}</Table.Td>
                  <Table.Td>{row.column ?? '-'}</Table.Td>
                  <Table.Td>{row.reason}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      )}
    </Stack>
  );
}
