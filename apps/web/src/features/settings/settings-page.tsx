import { Center, Group, Loader, Tabs } from '@mantine/core';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Page } from '../../components/page';
import { TextLink } from '../../components/text-link';
import { DemoDataBadge } from '../../components/market-badge';
import { useSelectionState } from '../../lib/use-row-selection';
import type { TableEdits } from './trading/parameter-edits';

// Each tab's code is fetched when the tab is first opened.
const ScreeningTab = lazy(async () => ({
  default: (await import('./screening/screening-tab')).ScreeningTab,
}));
const BacktestingTab = lazy(async () => ({
  default: (await import('./backtesting/backtesting-tab')).BacktestingTab,
}));
const TradingTab = lazy(async () => ({
  default: (await import('./trading/trading-tab')).TradingTab,
}));

const TabBody = ({ children }: { children: ReactNode }) => (
  <Suspense
    fallback={
      <Center mih={200} data-testid="tab-loading">
        <Loader size="md" />
      </Center>
    }
  >
    {children}
  </Suspense>
);

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
  // Tabs unmount when hidden; the stocks ticked in each table, and the unsaved edits of
  // Optimized Parameters, survive a look elsewhere (until saved, or the page is reloaded).
  const screenSelection = useSelectionState();
  const backtestSelection = useSelectionState();
  const optimizedSelection = useSelectionState();
  const optimizedEdits = useState<TableEdits>({});
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
          <TabBody>
            <ScreeningTab selection={screenSelection} />
          </TabBody>
        </Tabs.Panel>
        <Tabs.Panel value="backtesting">
          <TabBody>
            <BacktestingTab
              selection={backtestSelection}
              onBatchCompleted={() => show('trading')}
            />
          </TabBody>
        </Tabs.Panel>
        <Tabs.Panel value="trading">
          <TabBody>
            <TradingTab optimizedSelection={optimizedSelection} optimizedEdits={optimizedEdits} />
          </TabBody>
        </Tabs.Panel>
      </Tabs>
    </Page>
  );
}
