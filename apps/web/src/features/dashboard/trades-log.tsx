import { formatMarketTime } from '../../lib/market-time';
import { ui, type TBotTrade } from '@tradebot/api-contract';
import { DownloadCsvButton } from '../../components/download-csv-button';
import { money, pnlColor, quantity, reasonLabel, signedMoney } from './bot-format';
import { EmptyText, QueryBody, SectionCard } from './section-card';
import { SideBadge } from './side-badge';
import type { BotData } from './use-bot-data';
import { CardTable, type CardColumn } from '../../components/card-table';

const COLUMNS: readonly CardColumn<TBotTrade>[] = [
  { label: 'Closed', cell: (t) => formatMarketTime(t.exit_at) },
  { label: 'Symbol', cell: (t) => t.symbol, strong: true },
  { label: 'Side', cell: (t) => <SideBadge side={t.side} size="xs" /> },
  { label: 'Qty', cell: (t) => quantity(t.qty), right: true },
  { label: 'Entry', cell: (t) => money(t.entry_price), right: true },
  { label: 'Exit', cell: (t) => money(t.exit_price), right: true },
  { label: 'P&L', cell: (t) => signedMoney(t.pnl), right: true, color: (t) => pnlColor(t.pnl) },
  { label: 'Reason', cell: (t) => reasonLabel(t.reason) },
];

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
            <CardTable
              columns={COLUMNS}
              minWidth={760}
              mah={360}
              log
              rows={trades}
              rowKey={(t) => `${t.symbol}-${t.exit_at}-${t.entry_at}`}
            />
          )
        }
      </QueryBody>
    </SectionCard>
  );
}
