import { ui, type TBotTwinRow } from '@tradebot/api-contract';
import { Badge, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';
import { useAuth } from '../auth/auth-context';
import { DownloadCsvButton } from '../../components/download-csv-button';
import { CardTable, type CardColumn } from '../../components/card-table';
import { money, pnlColor, quantity, signedMoney } from './bot-format';
import { Figure } from './figure';
import { EmptyText, QueryBody, SectionCard } from './section-card';
import { SideBadge } from './side-badge';

/** The twin re-runs a year of bars at most: a read a minute follows the bot's closes. */
const TWIN_REFRESH_MS = 60_000;

const STATUS_COLORS: Record<TBotTwinRow['status'], string> = {
  matched: 'teal',
  missed: 'orange',
  extra: 'grape',
};

const REASON_LABELS: Record<NonNullable<TBotTwinRow['reason']>, string> = {
  not_filled: 'Not filled',
  partially_filled: 'Partially filled',
  rejected: 'Rejected',
  halted: 'Halted',
  bot_stopped: 'Bot stopped',
  manual_sell: 'Quick Sell',
  kill_switch: 'Kill switch',
  late_tick: 'Late tick',
};

/** A price difference, signed, or a dash without both sides. */
const diff = (value: number | null) =>
  value === null ? '–' : `${value > 0 ? '+' : ''}${value.toFixed(4)}`;

const COLUMNS: readonly CardColumn<TBotTwinRow>[] = [
  { label: 'Entry', cell: (r) => r.entry_date },
  { label: 'Symbol', cell: (r) => r.symbol, strong: true },
  { label: 'Side', cell: (r) => <SideBadge side={r.side} size="xs" /> },
  {
    label: 'Status',
    cell: (r) => (
      <Badge size="xs" variant="light" color={STATUS_COLORS[r.status]}>
        {r.status}
      </Badge>
    ),
  },
  { label: 'Reason', cell: (r) => (r.reason === null ? '–' : REASON_LABELS[r.reason]) },
  { label: 'Qty live', cell: (r) => (r.live ? quantity(r.live.qty) : '–'), right: true },
  { label: 'Qty twin', cell: (r) => (r.twin ? quantity(r.twin.qty) : '–'), right: true },
  { label: 'Entry Δ', cell: (r) => diff(r.entry_diff), right: true },
  { label: 'Exit Δ', cell: (r) => diff(r.exit_diff), right: true },
  {
    label: 'P&L gap',
    cell: (r) => signedMoney(r.gap.total),
    right: true,
    color: (r) => pnlColor(r.gap.total),
  },
];

/**
 * Live vs backtest: the Final Trading List re-run as the bot ran it (its versions, the settings,
 * the same bars) and each closed live trade matched to the twin's, with the totals and the gap
 * split into entry, exit, quantity and fees.
 */
export function LiveTwin() {
  const trpc = useTRPC();
  const { state } = useAuth();
  const twin = useQuery(
    trpc.bot.twin.queryOptions(
      {},
      { enabled: state === 'verified', refetchInterval: TWIN_REFRESH_MS },
    ),
  );
  return (
    <SectionCard
      title="Live vs backtest"
      testId="live-twin"
      right={
        <DownloadCsvButton
          path="/api/bot/twin.csv"
          fallbackName="bot-twin.csv"
          testId="twin-download"
        />
      }
    >
      <QueryBody query={twin} failed={ui.fetchFailed('live vs backtest')} testId="live-twin">
        {({ rows, totals, from, to }) =>
          rows.length === 0 ? (
            <EmptyText testId="twin-empty">No closed trades to compare yet.</EmptyText>
          ) : (
            <Stack gap="sm">
              <Text size="sm" c="dimmed" data-testid="twin-period">
                Sessions {from} to {to}: the bot's trades against the same list, settings and bars
                re-run.
              </Text>
              <SimpleGrid cols={{ base: 2, sm: 4, lg: 7 }} spacing="sm">
                <Figure label="Matched" value={String(totals.matched)} testId="twin-matched" />
                <Figure label="Missed" value={String(totals.missed)} testId="twin-missed" />
                <Figure label="Extra" value={String(totals.extra)} testId="twin-extra" />
                <Figure
                  label="Live P&L"
                  value={money(totals.live_net_pnl)}
                  color={pnlColor(totals.live_net_pnl)}
                  testId="twin-live-pnl"
                />
                <Figure
                  label="Backtest P&L"
                  value={money(totals.twin_net_pnl)}
                  color={pnlColor(totals.twin_net_pnl)}
                  testId="twin-backtest-pnl"
                />
                <Figure
                  label="Gap"
                  value={signedMoney(totals.gap.total)}
                  color={pnlColor(totals.gap.total)}
                  testId="twin-gap"
                />
                <Figure
                  label="Entry / exit / qty / fees"
                  value={[totals.gap.entry, totals.gap.exit, totals.gap.quantity, totals.gap.fees]
                    .map(signedMoney)
                    .join(' / ')}
                  testId="twin-gap-parts"
                />
              </SimpleGrid>
              <CardTable
                columns={COLUMNS}
                minWidth={860}
                mah={360}
                log
                rows={rows}
                rowKey={(r) => `${r.symbol}-${r.side}-${r.entry_date}-${r.status}`}
              />
            </Stack>
          )
        }
      </QueryBody>
    </SectionCard>
  );
}
