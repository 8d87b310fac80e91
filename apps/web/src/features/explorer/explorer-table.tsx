import { EXPLORER_METRICS, type TExplorerMetric, type TStockRecord } from '@tradebot/api-contract';
import { Button, ScrollArea, Table, Text, VisuallyHidden } from '@mantine/core';
import { StockLogo } from '../../components/stock-logo';
import { EXPLORER_LOGO_TIMEOUT_MS, useLogos } from '../../components/use-logos';
import { formatMetric, METRIC_LABELS } from './format-metric';
import { useQueueSymbol } from './use-queue-symbol';

const TEXT_COLUMNS = new Set<TExplorerMetric>(['description', 'domain', 'last_updated']);

/** The results: logo, symbol, company, the toggled metrics (in toggle order), and the queue action. */
export function ExplorerTable({
  rows,
  metrics,
}: {
  rows: TStockRecord[];
  metrics: readonly TExplorerMetric[];
}) {
  const logos = useLogos(
    rows.map((row) => row.symbol),
    EXPLORER_LOGO_TIMEOUT_MS,
  );
  const { queue, pending } = useQueueSymbol();
  const columns = EXPLORER_METRICS.filter((metric) => metrics.includes(metric));

  return (
    <ScrollArea type="auto" offsetScrollbars>
      <Table striped highlightOnHover verticalSpacing="xs" miw={560} data-testid="explorer-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Logo</Table.Th>
            <Table.Th>Symbol</Table.Th>
            <Table.Th>Company</Table.Th>
            {columns.map((metric) => (
              <Table.Th key={metric} ta={TEXT_COLUMNS.has(metric) ? 'left' : 'right'}>
                {METRIC_LABELS[metric]}
              </Table.Th>
            ))}
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
                  variant="light"
                  loading={pending === row.symbol}
                  onClick={() => void queue(row.symbol)}
                  aria-label={`Add ${row.symbol} to the backtest queue`}
                  data-testid={`queue-${row.symbol}`}
                  style={{ whiteSpace: 'nowrap' }}
                >
                  Add to backtest queue
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
