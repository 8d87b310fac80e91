import { Group, Tabs } from '@mantine/core';
import { Page } from '../../components/page';
import { TextLink } from '../../components/text-link';
import { BacktestingTab } from './backtesting-tab';
import { ScreeningTab } from './screening/screening-tab';
import { TradingTab } from './trading-tab';
import { DemoDataBadge } from '../../components/market-badge';

/** Spec §2 Strategy settings (/settings): links to help and terms, and three tabs. */
export function SettingsPage() {
  return (
    <Page
      title="Strategy settings"
      size="xl"
      description={
        <Group gap="xs" component="span">
          <span>
            Screen stocks, backtest them and set how the bot trades. See{' '}
            <TextLink to="/help">Help</TextLink> and the <TextLink to="/terms">Terms</TextLink>.
          </span>
          <DemoDataBadge />
        </Group>
      }
    >
      <Tabs defaultValue="screening" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="screening">Stock Screening</Tabs.Tab>
          <Tabs.Tab value="backtesting">Backtesting</Tabs.Tab>
          <Tabs.Tab value="trading">Trading Settings</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="screening">
          <ScreeningTab />
        </Tabs.Panel>
        <Tabs.Panel value="backtesting">
          <BacktestingTab />
        </Tabs.Panel>
        <Tabs.Panel value="trading">
          <TradingTab />
        </Tabs.Panel>
      </Tabs>
    </Page>
  );
}
