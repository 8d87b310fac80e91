import type { TBacktestProgress } from '@tradebot/api-contract';
import { Badge, Checkbox, Table, Text } from '@mantine/core';
import type { RowSelection } from '../../../lib/use-row-selection';
import { statusLabel, type BacktestRun } from './run-progress';

const COLOR: Record<BacktestRun['status'], string> = {
  queued: 'gray',
  running: 'blue',
  completed: 'green',
  failed: 'red',
};

/** The backtesting list with a checkbox per row and each stock's status in the latest batch. */
export function BacktestListTable({
  symbols,
  progress,
  selection,
}: {
  symbols: readonly string[];
  progress: TBacktestProgress | undefined;
  selection: RowSelection;
}) {
  const runs = new Map(progress?.runs.map((r) => [r.symbol, r]));

  return (
    <Table striped verticalSpacing="xs" data-testid="backtesting-list">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={40}>
            <Checkbox
              aria-label="Select All"
              checked={selection.all}
              indeterminate={selection.partial}
              onChange={selection.toggleAll}
              data-testid="backtest-select-all"
            />
          </Table.Th>
          <Table.Th w={40}>#</Table.Th>
          <Table.Th w={100}>Symbol</Table.Th>
          <Table.Th>Status</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {symbols.map((symbol, i) => {
          const run = runs.get(symbol);
          return (
            <Table.Tr key={symbol}>
              <Table.Td>
                <Checkbox
                  aria-label={`Select ${symbol}`}
                  checked={selection.selected.has(symbol)}
                  onChange={() => selection.toggle(symbol)}
                />
              </Table.Td>
              <Table.Td>{i + 1}</Table.Td>
              <Table.Td fw={600}>{symbol}</Table.Td>
              <Table.Td data-testid={`backtest-status-${symbol}`}>
                {run ? (
                  <RunStatus run={run} />
                ) : (
                  <Text c="dimmed" size="sm">
                    Not run
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}

function RunStatus({ run }: { run: BacktestRun }) {
  const [head, ...rest] = statusLabel(run).split(': ');
  const detail = rest.join(': ');
  return (
    <Text size="sm" component="div">
      <Badge color={COLOR[run.status]} variant="light" mr={detail ? 'xs' : 0}>
        {head}
      </Badge>
      {detail && (
        <Text span size="sm" c={run.status === 'failed' ? 'red' : 'dimmed'}>
          {detail}
        </Text>
      )}
    </Text>
  );
}
