import { Alert, Card, Loader, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { serverDetail, useTRPC } from '../../lib/trpc';
import { BacktestSettingsForm } from './backtest-settings-form';

/**
 * Tab 2: the backtest settings form and the backtesting list (read-only for now); removing
 * stocks and running the backtester arrive with the rest of Step 7.
 */
export function BacktestingTab() {
  const trpc = useTRPC();
  const list = useQuery(trpc.stockLists.backtestList.queryOptions());
  return (
    <Stack gap="md">
      <Card withBorder padding="lg">
        <BacktestSettingsForm />
      </Card>
      <Card withBorder padding="lg">
        <Text size="sm" c="dimmed" mb="md">
          The stocks you saved for backtesting. Running the backtester on them arrives with the
          backtesting step.
        </Text>
        {list.isPending ? (
          <Loader size="sm" />
        ) : list.isError ? (
          <Alert color="red">
            {serverDetail(list.error, 'Failed to load the backtesting list')}
          </Alert>
        ) : list.data.symbols.length === 0 ? (
          <Text c="dimmed">
            No stocks in the backtesting list yet. Save some from the screener.
          </Text>
        ) : (
          <Table striped maw={360} data-testid="backtesting-list">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>#</Table.Th>
                <Table.Th>Symbol</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.symbols.map((symbol, i) => (
                <Table.Tr key={symbol}>
                  <Table.Td>{i + 1}</Table.Td>
                  <Table.Td fw={600}>{symbol}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Card>
    </Stack>
  );
}
