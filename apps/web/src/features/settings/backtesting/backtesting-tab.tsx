import { ui } from '@tradebot/api-contract';
import { Alert, Button, Card, Group, Loader, Progress, Stack, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { serverDetail, useTRPC } from '../../../lib/trpc';
import { BacktestSettingsForm } from './backtest-settings-form';
import { BacktestListTable } from './backtest-list-table';
import { RemoveConfirm } from './remove-confirm';
import { progressText } from './run-progress';
import { useBacktestRun } from './use-backtest-run';
import { useMutationToast } from '../../../lib/use-mutation-toast';
import { useRowSelection, type SelectionState } from '../../../lib/use-row-selection';

const NO_SYMBOLS: readonly string[] = [];

/**
 * Tab 2: the backtest settings form, the backtesting list with Select All and Remove
 * Selected, and Run Backtester with its progress (completed of total stocks).
 */
export function BacktestingTab({
  selection: state,
  onBatchCompleted,
}: {
  /** The ticked stocks, held by the settings page so a tab switch keeps them. */
  selection: SelectionState;
  onBatchCompleted: () => void;
}) {
  const trpc = useTRPC();
  const list = useQuery(trpc.stockLists.backtestList.queryOptions());
  const symbols = list.data?.symbols ?? NO_SYMBOLS;
  const remove = useMutation(trpc.stockLists.removeFromBacktestList.mutationOptions());
  const { progress, start, starting, switching, running } = useBacktestRun(
    symbols,
    onBatchCompleted,
  );
  const selection = useRowSelection(symbols, state);
  const run = useMutationToast();
  const [confirming, setConfirming] = useState(false);
  const batch = progress.data?.batch_id != null ? progress.data : undefined;

  const removeChosen = async () => {
    const removed = await run(() => remove.mutateAsync({ symbols: selection.chosen }), {
      success: ui.removedFromBacktestingList,
      failure: ui.removeSelectionsFailed,
      refresh: [trpc.stockLists.pathKey()],
    });
    if (removed.ok) selection.set([]);
    setConfirming(false);
  };

  return (
    <Stack gap="md">
      <Card withBorder padding="lg">
        <BacktestSettingsForm />
      </Card>
      <Card withBorder padding="lg">
        <Group justify="space-between" mb="md" gap="xs">
          <Text size="sm" c="dimmed" maw={520}>
            The stocks you saved for backtesting. Run Backtester optimizes each one&apos;s
            parameters on its history; the results go to Optimized Parameters on the Trading
            Settings tab.
          </Text>
          <Group gap="xs">
            <Button
              variant="default"
              disabled={selection.chosen.length === 0}
              onClick={() => setConfirming(true)}
              data-testid="remove-selected"
            >
              Remove Selected
            </Button>
            <Button
              loading={starting}
              disabled={running}
              onClick={() => void start()}
              data-testid="run-backtester"
            >
              Run Backtester
            </Button>
          </Group>
        </Group>
        {batch && (
          <Stack gap={4} mb="md">
            <Text size="sm" fw={500} data-testid="backtest-progress">
              {running || switching ? '' : 'Last run: '}
              {progressText(batch)}
              {switching ? '. Opening Trading Settings…' : ''}
            </Text>
            <Progress
              value={batch.total > 0 ? ((batch.completed + batch.failed) / batch.total) * 100 : 0}
              color={batch.failed > 0 ? 'orange' : 'blue'}
              animated={running}
              aria-label="Backtest progress"
            />
          </Stack>
        )}
        {list.isPending ? (
          <Loader size="sm" />
        ) : list.isError ? (
          <Alert color="red">
            {serverDetail(list.error, 'Failed to load the backtesting list')}
          </Alert>
        ) : symbols.length === 0 ? (
          <Text c="dimmed" data-testid="backtesting-empty">
            No stocks in the backtesting list yet. Save some from the Stock Screening tab or the
            Stock Explorer.
          </Text>
        ) : (
          <BacktestListTable symbols={symbols} progress={batch} selection={selection} />
        )}
      </Card>
      <RemoveConfirm
        symbols={selection.chosen}
        opened={confirming}
        loading={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void removeChosen()}
      />
    </Stack>
  );
}
