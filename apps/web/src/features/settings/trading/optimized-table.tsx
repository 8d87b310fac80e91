import { Checkbox, Group, Table } from '@mantine/core';
import { useCallback } from 'react';
import { InfoLabel } from './info-label';
import { OptimizedRow, type OptimizedEntry } from './optimized-row';
import type { EditValue, TableEdits } from './parameter-edits';
import { specNote, type FlagSpec, type NumericSpec } from './param-inputs';
import { STICKY_CELL } from './sticky';

interface Props {
  /** The rows shown (one page). */
  rows: [string, OptimizedEntry][];
  /** Every stock in the table: Select All covers all pages. */
  allSymbols: string[];
  numeric: NumericSpec[];
  flags: FlagSpec[];
  edits: TableEdits;
  /** Must be stable (useCallback): the rows are memoised on it. */
  onEdit: (symbol: string, field: string, value: EditValue) => void;
  selected: ReadonlySet<string>;
  onSelect: (update: (current: Set<string>) => Set<string>) => void;
  onDetails: (symbol: string) => void;
}

const PROFIT_NOTE =
  'Profit of the optimized parameters in the walk-forward periods they were not fitted on (account currency). Empty for stocks not backtested.';
const BOTTOM = { verticalAlign: 'bottom' } as const;

/** Optimized Parameters: every stock with its editable parameters, profit and verdict. */
export function OptimizedTable(props: Props) {
  const { rows, allSymbols, numeric, flags, edits, onEdit, selected, onSelect, onDetails } = props;
  const allSelected = allSymbols.length > 0 && allSymbols.every((symbol) => selected.has(symbol));
  const toggle = useCallback(
    (symbol: string) =>
      onSelect((current) => {
        const next = new Set(current);
        if (!next.delete(symbol)) next.add(symbol);
        return next;
      }),
    [onSelect],
  );

  return (
    <Table.ScrollContainer minWidth={400} type="native">
      <Table verticalSpacing={6} highlightOnHover data-testid="optimized-parameters">
        <Table.Thead>
          <Table.Tr>
            <Table.Th style={{ ...STICKY_CELL, ...BOTTOM }}>
              <Group gap="xs" wrap="nowrap">
                <Checkbox
                  aria-label="Select All"
                  checked={allSelected}
                  indeterminate={!allSelected && allSymbols.some((symbol) => selected.has(symbol))}
                  onChange={() => onSelect(() => (allSelected ? new Set() : new Set(allSymbols)))}
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
              checked={selected.has(symbol)}
              onToggle={toggle}
              onEdit={onEdit}
              onDetails={onDetails}
            />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
