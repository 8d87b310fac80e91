import { Checkbox, Group, Table } from '@mantine/core';
import type { RowSelection } from '../../../lib/use-row-selection';
import { InfoLabel } from './info-label';
import { OptimizedRow, type OptimizedEntry } from './optimized-row';
import type { EditValue, TableEdits } from './parameter-edits';
import { specNote, type FlagSpec, type NumericSpec } from './param-inputs';
import { STICKY_CELL } from './sticky';

interface Props {
  /** The rows shown (one page). */
  rows: [string, OptimizedEntry][];
  numeric: NumericSpec[];
  flags: FlagSpec[];
  edits: TableEdits;
  /** Must be stable (useCallback): the rows are memoised on it. */
  onEdit: (symbol: string, field: string, value: EditValue) => void;
  /** Over every stock in the table: Select All covers all pages. */
  selection: RowSelection;
  onDetails: (symbol: string) => void;
}

const PROFIT_NOTE =
  'Profit of the optimized parameters in the walk-forward periods they were not fitted on (account currency). Empty for stocks not backtested.';
const BOTTOM = { verticalAlign: 'bottom' } as const;

/** Optimized Parameters: every stock with its editable parameters, profit and verdict. */
export function OptimizedTable(props: Props) {
  const { rows, numeric, flags, edits, onEdit, selection, onDetails } = props;

  return (
    <Table.ScrollContainer minWidth={400} type="native">
      <Table verticalSpacing={6} highlightOnHover data-testid="optimized-parameters">
        <Table.Thead>
          <Table.Tr>
            <Table.Th style={{ ...STICKY_CELL, ...BOTTOM }}>
              <Group gap="xs" wrap="nowrap">
                <Checkbox
                  aria-label="Select All"
                  checked={selection.all}
                  indeterminate={selection.partial}
                  onChange={selection.toggleAll}
                  data-testid="optimized-select-all"
                />
                <span>Symbol</span>
              </Group>
            </Table.Th>
            <Table.Th style={BOTTOM}>Verdict</Table.Th>
            <Table.Th ta="right" style={{ ...BOTTOM, whiteSpace: 'nowrap' }}>
              <InfoLabel label="Profit" description={PROFIT_NOTE} />
            </Table.Th>
            <Table.Th style={BOTTOM}>Backtest</Table.Th>
            {numeric.map((spec) => (
              <Table.Th key={spec.field} miw={108} style={BOTTOM}>
                <InfoLabel label={spec.label} description={specNote(spec)} />
              </Table.Th>
            ))}
            {flags.map((spec) => (
              <Table.Th key={spec.field} miw={100} style={BOTTOM}>
                <InfoLabel label={spec.label} description={spec.description} />
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map(([symbol, entry]) => (
            <OptimizedRow
              key={symbol}
              symbol={symbol}
              entry={entry}
              numeric={numeric}
              flags={flags}
              edits={edits[symbol]}
              checked={selection.selected.has(symbol)}
              onToggle={selection.toggle}
              onEdit={onEdit}
              onDetails={onDetails}
            />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
