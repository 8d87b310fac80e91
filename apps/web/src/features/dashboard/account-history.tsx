import { ui } from '@tradebot/api-contract';
import { Badge, Table } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';
import { useAuth } from '../auth/auth-context';
import { pnlColor, quantity, signedMoney } from './bot-format';
import { EmptyText, QueryBody, SectionCard } from './section-card';

/** Dividends are booked once a day at most: a read every 10 minutes is plenty. */
const HISTORY_REFRESH_MS = 600_000;

/** Alpaca's dividend activity types, as the table says them. */
const TYPE_LABELS: Record<string, string> = {
  DIV: 'Dividend',
  DIVCGL: 'Capital gain (long term)',
  DIVCGS: 'Capital gain (short term)',
  DIVFEE: 'Dividend fee',
  DIVFT: 'Foreign tax withheld',
  DIVNRA: 'NRA tax withheld',
  DIVROC: 'Return of capital',
  DIVTW: 'Tax withheld',
  DIVTXEX: 'Tax-exempt dividend',
};

export const activityLabel = (type: string) => TYPE_LABELS[type] ?? type;

/** The account history: cash the broker booked outside trades (dividends), newest first. */
export function AccountHistory() {
  const trpc = useTRPC();
  const { state } = useAuth();
  const history = useQuery(
    trpc.bot.accountHistory.queryOptions(undefined, {
      enabled: state === 'verified',
      refetchInterval: HISTORY_REFRESH_MS,
    }),
  );
  return (
    <SectionCard title="Account history" testId="account-history">
      <QueryBody
        query={history}
        failed={ui.fetchFailed('account history')}
        testId="account-history"
      >
        {({ activities }) =>
          activities.length === 0 ? (
            <EmptyText testId="account-history-empty">No dividends yet.</EmptyText>
          ) : (
            <Table.ScrollContainer minWidth={560} type="native" mah={280}>
              <Table verticalSpacing={4} fz="sm" stickyHeader className="cards-on-phone">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Date</Table.Th>
                    <Table.Th>Type</Table.Th>
                    <Table.Th>Symbol</Table.Th>
                    <Table.Th ta="right">Shares</Table.Th>
                    <Table.Th ta="right">Amount</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {activities.map((row) => (
                    <Table.Tr key={row.id}>
                      <Table.Td data-label="Date">{row.date}</Table.Td>
                      <Table.Td data-label="Type">
                        <Badge size="xs" variant="light" color="blue">
                          {activityLabel(row.type)}
                        </Badge>
                      </Table.Td>
                      <Table.Td data-label="Symbol" fw={600}>
                        {row.symbol ?? '–'}
                      </Table.Td>
                      <Table.Td data-label="Shares" ta="right">
                        {row.qty === null ? '–' : quantity(row.qty)}
                      </Table.Td>
                      <Table.Td data-label="Amount" ta="right" c={pnlColor(row.net_amount)}>
                        {signedMoney(row.net_amount)}
                      </Table.Td>
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
