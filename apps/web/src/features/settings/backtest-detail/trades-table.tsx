import type { TBacktestResult } from '@tradebot/api-contract';
import { ScrollArea, Table, Text } from '@mantine/core';
import { words } from '../../../lib/text';
import { money, signedMoney } from './format';

/** The chosen parameters' round trips, newest last. */
export function TradesTable({ trades }: { trades: TBacktestResult['trades'] }) {
  if (trades.length === 0)
    return (
      <Text c="dimmed" size="sm">
        No trades.
      </Text>
    );
  return (
    <ScrollArea.Autosize mah={360} type="auto" offsetScrollbars>
      <Table
        striped
        stickyHeader
        verticalSpacing={4}
        miw={640}
        style={{ whiteSpace: 'nowrap' }}
        data-testid="trades-table"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Entry</Table.Th>
            <Table.Th>Exit</Table.Th>
            <Table.Th>Side</Table.Th>
            <Table.Th ta="right">Entry price</Table.Th>
            <Table.Th ta="right">Exit price</Table.Th>
            <Table.Th ta="right">Qty</Table.Th>
            <Table.Th ta="right">Net P&amp;L</Table.Th>
            <Table.Th>Exit reason</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {trades.map((t, i) => (
            <Table.Tr key={`${t.entry_date}-${i}`}>
              <Table.Td>{t.entry_date}</Table.Td>
              <Table.Td>{t.exit_date}</Table.Td>
              <Table.Td>{t.side === 'long' ? 'Long' : 'Short'}</Table.Td>
              <Table.Td ta="right">{money(t.entry_price)}</Table.Td>
              <Table.Td ta="right">{money(t.exit_price)}</Table.Td>
              <Table.Td ta="right">{t.quantity}</Table.Td>
              <Table.Td ta="right" c={t.net_pnl >= 0 ? 'teal' : 'red'}>
                {signedMoney(t.net_pnl)}
              </Table.Td>
              <Table.Td>{words(t.reason)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}
