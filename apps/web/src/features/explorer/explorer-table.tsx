import {
  EXPLORER_METRICS,
  type TExplorerMetric,
  type TExplorerSort,
  type TExplorerSortColumn,
  type TStockRecord,
} from '@tradebot/api-contract';
import { Button, ScrollArea, Table, Text, VisuallyHidden } from '@mantine/core';
import { StockLogo } from '../../components/stock-logo';
import { EXPLORER_LOGO_TIMEOUT_MS, useLogos } from '../../components/use-logos';
import { formatMetric, METRIC_LABELS } from './format-metric';
import { SortHeader } from './sort-header';
import { useQueueSymbol } from './use-queue-symbol';

const TEXT_COLUMNS = new Set<TExplorerMetric>(['description', 'domain', 'last_updated']);

/**
 * The results: logo, symbol, company, the toggled metrics (in toggle order), and the queue
 * action. Every header but the logo and the description sorts the whole result.
 */
export function ExplorerTable({
  rows,
  metrics,
  sort,
  onSort,
}: {
  rows: TStockRecord[];
  metrics: readonly TExplorerMetric[];
  sort: TExplorerSort | null;
  onSort: (column: TExplorerSortColumn) => void;
}) {
  const logos = useLogos(
    rows.map((row) => row.symbol),
    EXPLORER_LOGO_TIMEOUT_MS,
  );
  const { queue, pending, queued } = useQueueSymbol();
  const columns = EXPLORER_METRICS.filter((metric) => metrics.includes(metric));

  return (
    <ScrollArea type="auto" offsetScrollbars>
      <Table striped highlightOnHover verticalSpacing="xs" miw={560} data-testid="explorer-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Logo</Table.Th>
            <SortHeader column="symbol" label="Symbol" sort={sort} onSort={onSort} />
            <SortHeader column="company_name" label="Company" sort={sort} onSort={onSort} />
            {columns.map((metric) =>
              metric === 'description' ? (
                <Table.Th key={metric}>{METRIC_LABELS[metric]}</Table.Th>
              ) : (
                <SortHeader
                  key={metric}
                  column={metric}
                  label={METRIC_LABELS[metric]}
                  sort={sort}
                  onSort={onSort}
                  align={TEXT_COLUMNS.has(metric) ? 'left' : 'right'}
                />
              ),
            )}
            <Table.Th>
              <VisuallyHidden>Backtest queue</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.symbol} data-testid={`explorer-row-${row.symbol}`}>
              <Table.Td>
                <StockLogo symbol={row.symbol} logo={logos[row.symbol]} />
              </Table.Td>
              <Table.Td fw={600}>{row.symbol}</Table.Td>
              <Table.Td>{row.company_name}</Table.Td>
              {columns.map((metric) =>
                metric === 'description' ? (
                  <Table.Td key={metric} maw={320}>
                    <Text size="xs" lineClamp={2} title={row.description ?? undefined}>
                      {formatMetric(metric, row[metric])}
                    </Text>
                  </Table.Td>
                ) : (
                  <Table.Td
                    key={metric}
                    ta={TEXT_COLUMNS.has(metric) ? 'left' : 'right'}
                    style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
                  >
                    {formatMetric(metric, row[metric])}
                  </Table.Td>
                ),
              )}
              <Table.Td>
                <Button
                  size="compact-xs"
                  variant={queued.has(row.symbol) ? 'subtle' : 'light'}
                  loading={pending === row.symbol}
                  onClick={() => void queue(row.symbol)}
                  aria-label={`Add ${row.symbol} to the backtest queue`}
                  data-testid={`queue-${row.symbol}`}
                  style={{ whiteSpace: 'nowrap' }}
                >
                  {queued.has(row.symbol) ? 'Queued' : 'Add to backtest queue'}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
