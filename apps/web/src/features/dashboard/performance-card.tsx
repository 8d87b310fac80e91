import { ui } from '@tradebot/api-contract';
import { SimpleGrid, Stack } from '@mantine/core';
import { EquityCurve } from '../../components/charts/lazy-charts';
import { percent, pnlColor, signedMoney } from './bot-format';
import { EmptyText, QueryBody, SectionCard } from './section-card';
import type { BotData } from './use-bot-data';
import { Figure } from './figure';

/** Historical performance (cumulative P&L, win rate %, max drawdown %) and the curve. */
export function PerformanceCard({ performance }: { performance: BotData['performance'] }) {
  return (
    <SectionCard title="Historical performance" testId="performance">
      <QueryBody
        query={performance}
        failed={ui.fetchFailed('historical performance')}
        testId="performance"
      >
        {(p) => (
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
              <Figure
                large
                label="Cumulative P&L"
                value={signedMoney(p.cumulative_pnl)}
                color={pnlColor(p.cumulative_pnl)}
                testId="perf-cumulative-pnl"
              />
              <Figure
                large
                label="Win rate"
                value={percent(p.win_rate, 1)}
                testId="perf-win-rate"
              />
              <Figure
                large
                label="Max drawdown"
                value={percent(p.max_drawdown, 1)}
                testId="perf-max-drawdown"
              />
              <Figure
                large
                label="Closed trades"
                value={String(p.trades_count)}
                testId="perf-trades"
              />
            </SimpleGrid>
            {p.equity_curve.length > 0 ? (
              <EquityCurve curve={p.equity_curve} />
            ) : (
              <EmptyText testId="equity-curve-empty">
                No closed trades yet: the equity curve starts with the bot&apos;s first closed
                trade.
              </EmptyText>
            )}
          </Stack>
        )}
      </QueryBody>
    </SectionCard>
  );
}
