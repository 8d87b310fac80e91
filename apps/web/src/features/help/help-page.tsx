import { Anchor, Card, Group, SimpleGrid, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { Page } from '../../components/page';

const TOPICS = [
  {
    title: 'Dashboard',
    text: 'Shows market status (open or closed), the bot status with equity, cash, buying power, daily P&L and drawdown, the bot controls (Start, Stop, Restart, Start Screener), your positions with Quick Sell, monitored symbols, completed trades and historical performance.',
  },
  {
    title: 'Screener',
    text: 'Filters stocks by fundamental and technical criteria such as RSI, ATR, beta, market cap, P/E and growth. Start from a built-in template or save your own, then send the results to backtesting or straight to optimized parameters.',
  },
  {
    title: 'Backtester',
    text: 'Replays each selected stock on historical data with your commission, slippage, risk and trailing-stop settings, and reports how the strategy would have performed.',
  },
  {
    title: 'Optimizer',
    text: 'A random forest model searches each stock\u2019s strategy parameters (RSI thresholds, ATR multiplier, MACD periods, stop-loss and take-profit) and proposes the best set per stock.',
  },
  {
    title: 'Trading bot',
    text: 'Trades the stocks in your Final Trading List with their parameters, on paper or live depending on your account settings. It watches the market 24/7 and logs every decision to the live log.',
  },
  {
    title: 'News sentiment',
    text: 'Scores recent news per symbol. A score of zero or above is shown in green, a negative score in red.',
  },
  {
    title: 'Settings',
    text: 'Strategy settings hold your screening, backtesting and trading parameters. Account settings hold your brokerage API keys and the paper or live trading mode.',
  },
  {
    title: 'Notifications',
    text: 'The bell in the navigation bar lists messages such as completed screener runs and backtests. Clear them once read.',
  },
  {
    title: 'Reading RSI',
    text: 'The Relative Strength Index ranges from 0 to 100. An RSI above 70 is considered overbought; below 30, oversold.',
  },
];

export function HelpPage() {
  return (
    <Page title="Help Center" description="How each part of TradeBot works." size="md">
      <Group gap="md" mb="lg">
        <Anchor component={Link} to="/dashboard">
          Go to the dashboard
        </Anchor>
        <Anchor component={Link} to="/stock-explorer">
          Open the stock explorer
        </Anchor>
        <Anchor component={Link} to="/account-settings">
          Account settings
        </Anchor>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {TOPICS.map((topic) => (
          <Card key={topic.title} withBorder padding="lg">
            <Title order={2} fz="md" mb={6}>
              {topic.title}
            </Title>
            <Text size="sm">{topic.text}</Text>
          </Card>
        ))}
      </SimpleGrid>
    </Page>
  );
}
