import { ui, type TStockParameters } from '@tradebot/api-contract';
import { Button, Card, Collapse, Group, Pagination, Stack, Text, Title } from '@mantine/core';
import { useCallback, useMemo, useState } from 'react';
import { unprovenStocks } from '../../../lib/edge-evidence';
import { useRowSelection, type SelectionState } from '../../../lib/use-row-selection';
import { BacktestDetailModal } from '../backtest-detail/backtest-detail-modal';
import { BatchEdit } from './batch-edit';
import { ConfirmDialog } from './confirm-dialog';
import { ConfirmSaveDialog } from './confirm-save-dialog';
import { ListBody } from './list-body';
import { OptimizedTable } from './optimized-table';
import {
  applyBatch,
  firstInvalid,
  isEdited,
  resolveParameters,
  type EditValue,
  type EditsState,
} from './parameter-edits';
import type { TradingLists } from './use-trading-lists';

/**
 * Rows per page: each row holds 16 inputs, and a few hundred rows at once make typing lag on a
 * modest machine (measured: 206 rows took 2.8 s to show and 120-220 ms per keystroke).
 */
const PAGE_SIZE = 50;

interface Props {
  lists: TradingLists;
  /** The ticked stocks, held by the settings page so a tab switch keeps them. */
  selection: SelectionState;
  /** The unsaved edits, held by the settings page for the same reason. */
  edits: EditsState;
}

/** Optimized Parameters with batch edit, Save to Final Trading List and Reset. */
export function OptimizedSection({ lists, selection: state, edits: editsState }: Props) {
  const { optimized, schema } = lists;
  const [edits, setEdits] = editsState;
  const [confirming, setConfirming] = useState<string[] | null>(null);
  const [resetting, setResetting] = useState(false);
  const [batchOpen, setBatchOpen] = useState(false);
  const [details, setDetails] = useState<string | null>(null);
  const [page, setPage] = useState(1);

  const rows = useMemo(
    () => Object.entries(optimized.data?.best_parameters ?? {}),
    [optimized.data],
  );
  const symbols = useMemo(() => rows.map(([symbol]) => symbol), [rows]);
  const selection = useRowSelection(symbols, state);
  const pages = Math.max(1, Math.ceil(rows.length / PAGE_SIZE));
  const shownPage = Math.min(page, pages);
  const pageRows = rows.slice((shownPage - 1) * PAGE_SIZE, shownPage * PAGE_SIZE);
  const editCell = useCallback(
    (symbol: string, field: string, value: EditValue) =>
      setEdits((current) => ({ ...current, [symbol]: { ...current[symbol], [field]: value } })),
    [setEdits],
  );
  // Selections and edits of stocks that left the table (moved, undone elsewhere) do not count.
  const { chosen } = selection;
  const editedParameters = (among: string[]): Record<string, TStockParameters> =>
    Object.fromEntries(
      rows
        .filter(([symbol, entry]) => among.includes(symbol) && isEdited(entry, edits[symbol]))
        .map(([symbol, entry]) => [symbol, resolveParameters(entry, edits[symbol])]),
    );

  // A value the table marks invalid blocks the save until it is fixed (named as the column is).
  const invalid = firstInvalid(editedParameters(chosen.length > 0 ? chosen : symbols));
  const confirmSave = async () => {
    const moving = confirming ?? [];
    if (await lists.moveToFinal(moving, editedParameters(moving))) {
      setEdits((current) =>
        Object.fromEntries(Object.entries(current).filter(([s]) => !moving.includes(s))),
      );
      selection.set([]);
      setConfirming(null);
    }
  };
  const confirmReset = async () => {
    if (await lists.resetOptimized()) setEdits({});
    setResetting(false);
  };

  const empty = rows.length === 0;
  return (
    <Card withBorder p={{ base: 'sm', sm: 'lg' }}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={2} style={{ flex: '1 1 260px' }}>
            <Title order={3} fz="md">
              Optimized Parameters
            </Title>
            <Text size="xs" c="dimmed">
              Each stock with the parameters its backtest found. Edit them here; edits are kept when
              you save the stocks to the Final Trading List.
            </Text>
          </Stack>
          <Group gap="xs">
            <Button
              disabled={empty || invalid !== null}
              onClick={() => setConfirming(chosen.length > 0 ? chosen : symbols)}
            >
              Save to Final Trading List
            </Button>
            <Button variant="default" disabled={empty} onClick={() => setResetting(true)}>
              Reset
            </Button>
          </Group>
        </Group>
        {invalid && (
          <Text size="sm" c="red" data-testid="optimized-invalid">
            Fix the marked value before saving: {invalid}
          </Text>
        )}
        <ListBody
          list={optimized}
          schema={schema}
          empty={empty}
          emptyText={ui.noOptimizedParameters}
          emptyTestId="optimized-empty"
        >
          {(loaded) => (
            <>
              <Group gap="xs">
                <Button variant="light" size="compact-sm" onClick={() => setBatchOpen((o) => !o)}>
                  {batchOpen ? 'Hide batch edit' : 'Show batch edit'}
                </Button>
              </Group>
              <Collapse expanded={batchOpen}>
                <BatchEdit
                  numeric={loaded.numeric}
                  flags={loaded.flags}
                  onApply={(batch) => setEdits((current) => applyBatch(symbols, current, batch))}
                />
              </Collapse>
              <OptimizedTable
                rows={pageRows}
                numeric={loaded.numeric}
                flags={loaded.flags}
                edits={edits}
                onEdit={editCell}
                selection={selection}
                onDetails={setDetails}
              />
              {pages > 1 && (
                <Group justify="space-between" gap="xs">
                  <Text size="xs" c="dimmed">
                    Stocks {(shownPage - 1) * PAGE_SIZE + 1}–
                    {(shownPage - 1) * PAGE_SIZE + pageRows.length} of {rows.length}. Select All and
                    batch edit cover every page.
                  </Text>
                  <Pagination size="sm" total={pages} value={shownPage} onChange={setPage} />
                </Group>
              )}
            </>
          )}
        </ListBody>
      </Stack>
      <ConfirmSaveDialog
        symbols={confirming}
        all={chosen.length === 0}
        editedCount={Object.keys(editedParameters(confirming ?? [])).length}
        invalid={firstInvalid(editedParameters(confirming ?? []))}
        unproven={unprovenStocks(
          rows
            .filter(([symbol]) => confirming?.includes(symbol))
            .map(([symbol, entry]) => ({ symbol, no_robust_edge: entry.no_robust_edge })),
        )}
        loading={lists.pending.move}
        onCancel={() => setConfirming(null)}
        onConfirm={() => void confirmSave()}
      />
      <ConfirmDialog
        opened={resetting}
        title="Reset to original values"
        confirmLabel="Reset"
        loading={lists.pending.reset}
        onCancel={() => setResetting(false)}
        onConfirm={() => void confirmReset()}
      >
        Every stock in Optimized Parameters goes back to its original values: the parameters its
        backtest found, or the defaults for a stock never backtested. Unsaved edits in the table are
        dropped.
      </ConfirmDialog>
      <BacktestDetailModal symbol={details} onClose={() => setDetails(null)} />
    </Card>
  );
}
