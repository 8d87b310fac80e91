import type { TBacktesterOutput } from '@tradebot/api-contract';
import { Button, Checkbox, Group, Table, Text } from '@mantine/core';
import { InfoLabel } from './info-label';
import { isEdited, shownValue, type EditValue, type TableEdits } from './parameter-edits';
import {
  ParamFlagInput,
  ParamNumberInput,
  specNote,
  type FlagSpec,
  type NumericSpec,
} from './param-inputs';
import { STICKY_CELL } from './sticky';
import { VerdictBadge } from './verdict-badge';

type OptimizedEntry = TBacktesterOutput['best_parameters'][string];

interface Props {
  rows: [string, OptimizedEntry][];
  numeric: NumericSpec[];
  flags: FlagSpec[];
  edits: TableEdits;
  onEdit: (symbol: string, field: string, value: EditValue) => void;
  selected: ReadonlySet<string>;
  onSelect: (next: Set<string>) => void;
  onDetails: (symbol: string) => void;
}

const PROFIT_NOTE =
  'Profit of the optimized parameters in the walk-forward periods they were not fitted on (account currency). Empty for stocks not backtested.';

const money = (value: number | null) => (value === null ? '—' : value.toFixed(2));

/** Optimized Parameters: every stock with its editable parameters, profit and verdict. */
export function OptimizedTable(props: Props) {
  const { rows, numeric, flags, edits, onEdit, selected, onSelect, onDetails } = props;
  const allSelected = rows.length > 0 && rows.every(([symbol]) => selected.has(symbol));
  const toggle = (symbol: string) => {
    const next = new Set(selected);
    if (!next.delete(symbol)) next.add(symbol);
    onSelect(next);
  };

  return (
    <Table.ScrollContainer minWidth={400} type="native">
      <Table verticalSpacing={6} highlightOnHover data-testid="optimized-parameters">
        <Table.Thead>
          <Table.Tr>
            <Table.Th style={{ ...STICKY_CELL, verticalAlign: 'bottom' }}>
              <Group gap="xs" wrap="nowrap">
                <Checkbox
                  aria-label="Select All"
                  checked={allSelected}
                  indeterminate={!allSelected && selected.size > 0}
                  onChange={() =>
                    onSelect(allSelected ? new Set() : new Set(rows.map(([symbol]) => symbol)))
                  }
                  data-testid="optimized-select-all"
                />
                <span>Symbol</span>
              </Group>
            </Table.Th>
            <Table.Th style={{ verticalAlign: 'bottom' }}>Verdict</Table.Th>
            <Table.Th ta="right" style={{ verticalAlign: 'bottom', whiteSpace: 'nowrap' }}>
              <InfoLabel label="Profit" description={PROFIT_NOTE} />
            </Table.Th>
            <Table.Th style={{ verticalAlign: 'bottom' }}>Backtest</Table.Th>
            {numeric.map((spec) => (
              <Table.Th key={spec.field} miw={108} style={{ verticalAlign: 'bottom' }}>
                <InfoLabel label={spec.label} description={specNote(spec)} />
              </Table.Th>
            ))}
            {flags.map((spec) => (
              <Table.Th key={spec.field} miw={100} style={{ verticalAlign: 'bottom' }}>
                <InfoLabel label={spec.label} description={spec.description} />
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map(([symbol, entry]) => {
            const rowEdits = edits[symbol];
            return (
              <Table.Tr key={symbol} data-testid="optimized-row">
                <Table.Td style={STICKY_CELL}>
                  <Group gap="xs" wrap="nowrap">
                    <Checkbox
                      aria-label={`Select ${symbol}`}
                      checked={selected.has(symbol)}
                      onChange={() => toggle(symbol)}
                    />
                    <Text fw={600} size="sm">
                      {symbol}
                    </Text>
                    {isEdited(entry, rowEdits) && (
                      <Text size="xs" c="yellow.7" title="Edited, not saved yet">
                        edited
                      </Text>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <VerdictBadge noRobustEdge={entry.no_robust_edge} />
                </Table.Td>
                <Table.Td
                  ta="right"
                  c={entry.profit === null ? 'dimmed' : entry.profit >= 0 ? 'teal.7' : 'red.7'}
                  style={{ whiteSpace: 'nowrap' }}
                >
                  {money(entry.profit)}
                </Table.Td>
                <Table.Td>
                  {entry.no_robust_edge !== null && (
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      aria-label={`Details ${symbol}`}
                      onClick={() => onDetails(symbol)}
                    >
                      Details
                    </Button>
                  )}
                </Table.Td>
                {numeric.map((spec) => {
                  const value = shownValue(entry, rowEdits, spec.field);
                  return (
                    <Table.Td key={spec.field}>
                      <ParamNumberInput
                        spec={spec}
                        symbol={symbol}
                        value={value}
                        edited={
                          rowEdits?.[spec.field] !== undefined &&
                          value !== entry[spec.field as keyof OptimizedEntry]
                        }
                        onChange={(next) => onEdit(symbol, spec.field, next)}
                      />
                    </Table.Td>
                  );
                })}
                {flags.map((spec) => (
                  <Table.Td key={spec.field} ta="center">
                    <ParamFlagInput
                      spec={spec}
                      symbol={symbol}
                      value={shownValue(entry, rowEdits, spec.field)}
                      onChange={(next) => onEdit(symbol, spec.field, next)}
                    />
                  </Table.Td>
                ))}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
