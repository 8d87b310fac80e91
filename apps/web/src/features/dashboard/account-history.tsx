import { ui, type TAccountActivity } from '@tradebot/api-contract';
import { Badge } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';
import { useAuth } from '../auth/auth-context';
import { pnlColor, quantity, signedMoney } from './bot-format';
import { EmptyText, QueryBody, SectionCard } from './section-card';
import { CardTable, type CardColumn } from '../../components/card-table';

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

const COLUMNS: readonly CardColumn<TAccountActivity>[] = [
  { label: 'Date', cell: (a) => a.date },
  {
    label: 'Type',
    cell: (a) => (
      <Badge size="xs" variant="light" color="blue">
        {activityLabel(a.type)}
      </Badge>
    ),
  },
  { label: 'Symbol', cell: (a) => a.symbol ?? '–', strong: true },
  { label: 'Shares', cell: (a) => (a.qty === null ? '–' : quantity(a.qty)), right: true },
  {
    label: 'Amount',
    cell: (a) => signedMoney(a.net_amount),
    right: true,
    color: (a) => pnlColor(a.net_amount),
  },
];

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
            <CardTable
              columns={COLUMNS}
              minWidth={560}
              mah={280}
              log
              rows={activities}
              rowKey={(a) => a.id}
            />
          )
        }
      </QueryBody>
    </SectionCard>
  );
}
