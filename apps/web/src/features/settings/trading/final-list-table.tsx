import type { TFinalTradingEntry } from '@tradebot/api-contract';
import { Anchor, Box, Button, Group, Table, Text, Tooltip } from '@mantine/core';
import { Fragment } from 'react';
import { FinalRowEditor } from './final-row-editor';
import type { EditValue, RowEdits } from './parameter-edits';
import { figure, parameterLines, parameterSummary } from './parameter-summary';
import type { FlagSpec, NumericSpec } from './param-inputs';
import { STICKY_CELL } from './sticky';
import { VerdictBadge } from './verdict-badge';

export interface RowEditing {
  symbol: string;
  draft: RowEdits;
}

interface Props {
  entries: TFinalTradingEntry[];
  numeric: NumericSpec[];
  flags: FlagSpec[];
  editing: RowEditing | null;
  onEdit: (editing: RowEditing | null) => void;
  saving: boolean;
  onSave: () => void;
  onRemove: (symbol: string) => void;
}

const COLUMNS = 12;

/** The Final Trading List: parameters, the latest metrics, the position, per-row Edit and Remove. */
export function FinalListTable(props: Props) {
  const { entries, numeric, flags, editing, onEdit, saving, onSave, onRemove } = props;
  const labels = [...numeric, ...flags];
  const change = (field: string, value: EditValue) =>
    editing && onEdit({ ...editing, draft: { ...editing.draft, [field]: value } });

  return (
    <Table.ScrollContainer minWidth={400} type="native">
      <Table verticalSpacing={6} highlightOnHover data-testid="final-trading-list">
        <Table.Thead>
          <Table.Tr style={{ whiteSpace: 'nowrap' }}>
            <Table.Th style={STICKY_CELL}>Symbol</Table.Th>
            <Table.Th>Verdict</Table.Th>
            <Table.Th>Parameters</Table.Th>
            <Table.Th ta="right">Close</Table.Th>
            <Table.Th ta="right">RSI</Table.Th>
            <Table.Th ta="right">ATR</Table.Th>
            <Table.Th ta="right">MACD</Table.Th>
            <Table.Th ta="right">Qty</Table.Th>
            <Table.Th ta="right">Avg price</Table.Th>
            <Table.Th ta="right">Unrealized P&amp;L</Table.Th>
            <Table.Th>Domain</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => {
            const open = editing?.symbol === entry.symbol;
            return (
              <Fragment key={entry.symbol}>
                <Table.Tr data-testid="final-row" style={{ whiteSpace: 'nowrap' }}>
                  <Table.Td style={STICKY_CELL} fw={600}>
                    {entry.symbol}
                  </Table.Td>
                  <Table.Td>
                    <VerdictBadge noRobustEdge={entry.no_robust_edge} />
                  </Table.Td>
                  <Table.Td miw={220} style={{ whiteSpace: 'normal' }}>
                    <Tooltip
                      label={parameterLines(entry, labels).join('\n')}
                      multiline
                      w={300}
                      style={{ whiteSpace: 'pre-line' }}
                      withArrow
                    >
                      <Text size="xs" tabIndex={0} style={{ cursor: 'help' }}>
                        {parameterSummary(entry)}
                      </Text>
                    </Tooltip>
                  </Table.Td>
                  <Table.Td ta="right">{figure(entry.close)}</Table.Td>
                  <Table.Td ta="right">{figure(entry.rsi)}</Table.Td>
                  <Table.Td ta="right">{figure(entry.atr)}</Table.Td>
                  <Table.Td ta="right">{figure(entry.macd)}</Table.Td>
                  <Table.Td ta="right">{entry.qty === null ? '—' : entry.qty}</Table.Td>
                  <Table.Td ta="right">{figure(entry.avg_price)}</Table.Td>
                  <Table.Td ta="right">{figure(entry.unrealized_pl)}</Table.Td>
                  <Table.Td>
                    {entry.domain ? (
                      <Anchor
                        href={`https://${entry.domain}`}
                        target="_blank"
                        rel="noreferrer"
                        size="sm"
                      >
                        {entry.domain}
                      </Anchor>
                    ) : (
                      '—'
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        disabled={open}
                        aria-label={`Edit ${entry.symbol}`}
                        onClick={() => onEdit({ symbol: entry.symbol, draft: {} })}
                      >
                        Edit
                      </Button>
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        color="red"
                        aria-label={`Remove ${entry.symbol}`}
                        onClick={() => onRemove(entry.symbol)}
                      >
                        Remove
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
                {open && editing && (
                  <Table.Tr>
                    <Table.Td colSpan={COLUMNS}>
                      <Box
                        style={{ position: 'sticky', left: 0 }}
                        w="min(1100px, calc(100vw - 96px))"
                      >
                        <FinalRowEditor
                          entry={entry}
                          numeric={numeric}
                          flags={flags}
                          draft={editing.draft}
                          onChange={change}
                          saving={saving}
                          onSave={onSave}
                          onCancel={() => onEdit(null)}
                        />
                      </Box>
                    </Table.Td>
                  </Table.Tr>
                )}
              </Fragment>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
