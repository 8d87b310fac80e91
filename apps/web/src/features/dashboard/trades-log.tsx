import { formatMarketTime } from '../../lib/market-time';
import { ui } from '@tradebot/api-contract';
import { Badge, Table } from '@mantine/core';
import { DownloadCsvButton } from '../../components/download-csv-button';
import { money, pnlColor, quantity, reasonLabel, signedMoney } from './bot-format';
import { EmptyText, QueryBody, SectionCard } from './section-card';
import type { BotData } from './use-bot-data';

/** Trades completed log: the bot's closed round trips, newest first. */
export function TradesLog({ performance }: { performance: BotData['performance'] }) {
  return (
    <SectionCard
      title="Trades completed"
      testId="trades-log"
      right={
        <DownloadCsvButton
          path="/api/bot/trades.csv"
          fallbackName="bot-trades.csv"
          testId="trades-download"
        />
      }
    >
      <QueryBody
        query={performance}
        failed={ui.fetchFailed('historical performance')}
        testId="trades-log"
      >
        {({ trades }) =>
          trades.length === 0 ? (
            <EmptyText testId="trades-empty">No completed trades yet.</EmptyText>
          ) : (
            <Table.ScrollContainer minWidth={760} type="native" mah={360}>
              <Table verticalSpacing={4} fz="sm" stickyHeader className="cards-on-phone">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Closed</Table.Th>
                    <Table.Th>Symbol</Table.Th>
                    <Table.Th>Side</Table.Th>
                    <Table.Th ta="right">Qty</Table.Th>
                    <Table.Th ta="right">Entry</Table.Th>
                    <Table.Th ta="right">Exit</Table.Th>
                    <Table.Th ta="right">P&amp;L</Table.Th>
                    <Table.Th>Reason</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {trades.map((trade) => (
                    <Table.Tr key={`${trade.symbol}-${trade.exit_at}-${trade.entry_at}`}>
                      <Table.Td data-label="Closed">{formatMarketTime(trade.exit_at)}</Table.Td>
                      <Table.Td data-label="Symbol" fw={600}>
                        {trade.symbol}
                      </Table.Td>
                      <Table.Td data-label="Side">
                        <Badge
                          size="xs"
                          variant="light"
                          color={trade.side === 'long' ? 'teal' : 'red'}
                        >
                          {trade.side}
                        </Badge>
                      </Table.Td>
                      <Table.Td data-label="Qty" ta="right">
                        {quantity(trade.qty)}
                      </Table.Td>
                      <Table.Td data-label="Entry" ta="right">
                        {money(trade.entry_price)}
                      </Table.Td>
                      <Table.Td data-label="Exit" ta="right">
                        {money(trade.exit_price)}
                      </Table.Td>
                      <Table.Td data-label="P&L" ta="right" c={pnlColor(trade.pnl)}>
                        {signedMoney(trade.pnl)}
                      </Table.Td>
                      <Table.Td data-label="Reason">{reasonLabel(trade.reason)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )
        }
      </QueryBody>
    </SectionCard>
  );
}
