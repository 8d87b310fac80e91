import { Alert, Code, ScrollArea, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { serverDetail, useTRPC } from '../../lib/trpc';
import { useAdminAccess } from './use-admin-access';

export function ClientErrorsTable() {
  const trpc = useTRPC();
  const errors = useQuery(trpc.admin.clientErrors.queryOptions());
  useAdminAccess(errors.error);

  if (errors.isError)
    return (
      <Alert color="red" variant="light">
        {serverDetail(errors.error, 'Failed to fetch client error reports')}
      </Alert>
    );
  if (errors.isPending) return <Text c="dimmed">Loading error reports...</Text>;
  if (errors.data.length === 0) return <Text c="dimmed">No client error reports.</Text>;
  return (
    <ScrollArea>
      <Table className="data-table" striped verticalSpacing="sm" data-testid="client-errors-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Time</Table.Th>
            <Table.Th>Error ID</Table.Th>
            <Table.Th>Message</Table.Th>
            <Table.Th>URL</Table.Th>
            <Table.Th>Reference</Table.Th>
            <Table.Th>Count</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {errors.data.map((report) => (
            <Table.Tr key={report.id}>
              <Table.Td>{new Date(report.created_at).toLocaleString()}</Table.Td>
              <Table.Td>
                <Code>{report.error_id}</Code>
              </Table.Td>
              <Table.Td maw={360} className="wrap">
                <Text size="sm" lineClamp={3}>
                  {report.message}
                </Text>
              </Table.Td>
              <Table.Td maw={240}>
                <Text size="xs" truncate>
                  {report.url ?? '-'}
                </Text>
              </Table.Td>
              <Table.Td>{report.user_ref ?? '-'}</Table.Td>
              <Table.Td>{report.error_count}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
