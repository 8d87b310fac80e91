import { Group, Tabs } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Page } from '../../components/page';
import { TextLink } from '../../components/text-link';
import { BacktestingTab } from './backtesting-tab';
import { ScreeningTab } from './screening/screening-tab';
import { TradingTab } from './trading-tab';
import { DemoDataBadge } from '../../components/market-badge';

const TABS = ['screening', 'backtesting', 'trading'] as const;
type Tab = (typeof TABS)[number];
const isTab = (value: string | null): value is Tab => TABS.some((t) => t === value);

/**
 * Strategy settings (/settings): links to help and terms, and three tabs. The active tab
 * lives in the address (?tab=backtesting) so a reload keeps it and a finished backtest batch can
 * switch to the Trading Settings tab.
 */
export function SettingsPage() {
  const [params, setParams] = useSearchParams();
  // Tabs unmount when hidden; the screened stocks ticked for saving survive a look elsewhere.
  const [screenSelection, setScreenSelection] = useState<Set<string>>(() => new Set());
  const requested = params.get('tab');
  const tab: Tab = isTab(requested) ? requested : 'screening';
  const show = (value: string | null) => {
    if (!isTab(value)) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('tab', value);
        return next;
      },
      { replace: true },
    );
  };

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
      <Tabs value={tab} onChange={show} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="screening">Stock Screening</Tabs.Tab>
          <Tabs.Tab value="backtesting">Backtesting</Tabs.Tab>
          <Tabs.Tab value="trading">Trading Settings</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="screening">
          <ScreeningTab selected={screenSelection} onSelect={setScreenSelection} />
        </Tabs.Panel>
        <Tabs.Panel value="backtesting">
          <BacktestingTab onBatchCompleted={() => show('trading')} />
        </Tabs.Panel>
        <Tabs.Panel value="trading">
          <TradingTab />
        </Tabs.Panel>
      </Tabs>
    </Page>
  );
}
