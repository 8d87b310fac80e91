import { Alert, Card, Loader, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { serverDetail, useTRPC } from '../../lib/trpc';

/** The per-stock parameters shown, in the spec §3 order (the rest stay in the stored record). */
const COLUMNS = [
  ['rsi_period', 'RSI period'],
  ['rsi_buy_threshold', 'RSI buy'],
  ['rsi_sell_threshold', 'RSI sell'],
  ['sma_period', 'SMA'],
  ['macd_fast', 'MACD fast'],
  ['macd_slow', 'MACD slow'],
  ['atr_multiplier', 'ATR ×'],
  ['stop_loss_percentage', 'Stop loss %'],
  ['take_profit_percentage', 'Take profit %'],
] as const;

/** Tab 3 for now: Optimized Parameters, read-only; editing and trading arrive with Step 7. */
export function TradingTab() {
  const trpc = useTRPC();
  const output = useQuery(trpc.stockLists.backtesterOutput.queryOptions());
  const entries = Object.entries(output.data?.best_parameters ?? {});
  return (
    <Card withBorder padding="lg">
      <Text size="sm" c="dimmed" mb="md">
        Optimized Parameters: each stock with the parameters the bot would trade it with (the
        defaults until a backtest optimizes them). General trading settings, editing and the Final
        Trading List arrive with the backtesting step.
      </Text>
      {output.isPending ? (
        <Loader size="sm" />
      ) : output.isError ? (
        <Alert color="red">
          {serverDetail(output.error, 'Failed to load optimized parameters')}
        </Alert>
      ) : entries.length === 0 ? (
        <Text c="dimmed">
          No optimized parameters available. Run backtests to generate parameters.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table striped data-testid="optimized-parameters">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Symbol</Table.Th>
                {COLUMNS.map(([key, label]) => (
                  <Table.Th key={key} ta="right">
                    {label}
                  </Table.Th>
                ))}
                <Table.Th ta="right">Profit</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entries.map(([symbol, parameters]) => (
                <Table.Tr key={symbol}>
                  <Table.Td fw={600}>{symbol}</Table.Td>
                  {COLUMNS.map(([key]) => (
                    <Table.Td key={key} ta="right">
                      {parameters[key]}
                    </Table.Td>
                  ))}
                  <Table.Td ta="right">
                    {parameters.profit === null ? 'not backtested' : parameters.profit.toFixed(2)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}
