import { Grid, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Page } from '../../components/page';
import { TextLink } from '../../components/text-link';
import { useMarket } from '../../components/use-market';
import { useAuth } from '../auth/auth-context';
import { NewsButton } from '../news/news-button';
import { AccountHistory } from './account-history';
import { BotPriceChart } from './bot-price-chart';
import { BotStatusPanel } from './bot-status-panel';
import { chartSymbols } from './bot-update';
import { EnvironmentCard } from './environment-card';
import { MonitoredSymbols } from './monitored-symbols';
import { OpenOrders } from './open-orders';
import { PerformanceCard } from './performance-card';
import { PositionsTable } from './positions-table';
import { RecentLogs } from './recent-logs';
import { StatusStrip } from './status-strip';
import { SubscriptionCard } from './subscription-card';
import { TradesLog } from './trades-log';
import { LiveTwin } from './live-twin';
import { useBotActions } from './use-bot-actions';
import { useBotData } from './use-bot-data';
import { UserCard } from './user-card';

/**
 * Dashboard: market and live-update status, the bot panel and controls, performance,
 * positions with Quick Sell, monitored symbols, the trades log and News; ours: the equity curve,
 * a price chart with the bot's fills, the bot log, the kill switch and the account history
 * (dividends). The account cards close it.
 */
export function DashboardPage() {
  const { status } = useAuth();
  const data = useBotData();
  const actions = useBotActions();
  const market = useMarket();
  const [chartSymbol, setChartSymbol] = useState<string | null>(null);
  // Behind the route guard the status is always there; this only narrows the type.
  if (!status) return null;

  const symbols = chartSymbols(data.tracked.data, data.positions.data);
  const selected = chartSymbol && symbols.includes(chartSymbol) ? chartSymbol : null;

  return (
    <Page title="Dashboard" description={`Welcome back, ${status.user.username}.`} size="xl">
      <Stack gap="lg">
        <Group justify="space-between" gap="sm">
          <StatusStrip market={data.market} />
          <NewsButton />
        </Group>
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <BotStatusPanel data={data} actions={actions} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <PerformanceCard performance={data.performance} />
          </Grid.Col>
        </Grid>
        <PositionsTable
          positions={data.positions}
          trades={data.performance.data?.trades}
          actions={actions}
        />
        <OpenOrders openOrders={data.openOrders} />
        <MonitoredSymbols tracked={data.tracked} selected={selected} onSelect={setChartSymbol} />
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <BotPriceChart symbols={symbols} selected={selected} onSelect={setChartSymbol} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <RecentLogs logs={data.logs} />
          </Grid.Col>
        </Grid>
        <TradesLog performance={data.performance} />
        <LiveTwin />
        <AccountHistory />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          <UserCard user={status.user} />
          <EnvironmentCard
            environment={status.environment}
            botStatus={data.status.data?.status ?? status.bot_status}
          />
          <SubscriptionCard subscription={status.subscription} />
        </SimpleGrid>
        <Text c="dimmed" size="sm" data-testid="dashboard-next-step">
          {market === 'demo' ? (
            <>
              You are trading the demo market with a simulated account. To trade on Alpaca, add your
              keys in <TextLink to="/account-settings">account settings</TextLink>.
            </>
          ) : status.user.is_onboarded ? (
            // Saving broker keys is what onboards an Alpaca user.
            <>
              Your broker keys are saved; you can change them in{' '}
              <TextLink to="/account-settings">account settings</TextLink>.
            </>
          ) : (
            <>
              No broker keys yet: add your Alpaca keys in{' '}
              <TextLink to="/account-settings">account settings</TextLink>, or use the demo market
              there.
            </>
          )}
        </Text>
      </Stack>
    </Page>
  );
}
