import type { TBacktesterOutput } from '@tradebot/api-contract';
import { Button, Checkbox, Group, Table, Text } from '@mantine/core';
import { memo } from 'react';
import { isEdited, shownValue, type EditValue, type RowEdits } from './parameter-edits';
import { ParamCellInput, ParamFlagInput, type FlagSpec, type NumericSpec } from './param-inputs';
import { STICKY_CELL } from './sticky';
import { VerdictBadge } from './verdict-badge';

export type OptimizedEntry = TBacktesterOutput['best_parameters'][string];

interface Props {
  symbol: string;
  entry: OptimizedEntry;
  numeric: NumericSpec[];
  flags: FlagSpec[];
  edits: RowEdits | undefined;
  checked: boolean;
  onToggle: (symbol: string) => void;
  onEdit: (symbol: string, field: string, value: EditValue) => void;
  onDetails: (symbol: string) => void;
}

const money = (value: number | null) => (value === null ? '—' : value.toFixed(2));
const profitColor = (value: number | null) =>
  value === null ? 'dimmed' : value >= 0 ? 'teal.7' : 'red.7';

/**
 * One stock of Optimized Parameters. Memoised: typing in one row re-renders that row only,
 * which keeps a table of hundreds of stocks with 16 inputs each responsive.
 */
export const OptimizedRow = memo(function OptimizedRow(props: Props) {
  const { symbol, entry, numeric, flags, edits, checked, onToggle, onEdit, onDetails } = props;
  return (
    <Table.Tr data-testid="optimized-row">
      <Table.Td style={STICKY_CELL}>
        <Group gap="xs" wrap="nowrap">
          <Checkbox
            aria-label={`Select ${symbol}`}
            checked={checked}
            onChange={() => onToggle(symbol)}
          />
          <Text fw={600} size="sm">
            {symbol}
          </Text>
          {isEdited(entry, edits) && (
            <Text size="xs" c="yellow.7" title="Edited, not saved yet">
              edited
            </Text>
          )}
        </Group>
      </Table.Td>
      <Table.Td>
        <VerdictBadge noRobustEdge={entry.no_robust_edge} />
      </Table.Td>
      <Table.Td ta="right" c={profitColor(entry.profit)} style={{ whiteSpace: 'nowrap' }}>
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
        const value = shownValue(entry, edits, spec.field);
        return (
          <Table.Td key={spec.field}>
            <ParamCellInput
              spec={spec}
              symbol={symbol}
              value={value}
              edited={value !== entry[spec.field as keyof OptimizedEntry]}
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
            value={shownValue(entry, edits, spec.field)}
            onChange={(next) => onEdit(symbol, spec.field, next)}
          />
        </Table.Td>
      ))}
    </Table.Tr>
  );
});
