import { Badge, Tooltip, type BadgeProps } from '@mantine/core';
import { marketView } from './market-view';
import { useMarket, useMarketSettings } from './use-market';

/** Which market the user is on, next to the Paper/Live label: the demo market, Alpaca, or none. */
export function MarketBadge({
  testId = 'market-badge',
  size = 'lg',
  ...props
}: { testId?: string } & Pick<BadgeProps, 'size' | 'visibleFrom' | 'hiddenFrom'>) {
  const settings = useMarketSettings();
  if (!settings) return null;
  const view = marketView(settings);
  return (
    <Tooltip label={view.tooltip}>
      <Badge color={view.color} variant="light" size={size} data-testid={testId} {...props}>
        {view.label}
      </Badge>
    </Tooltip>
  );
}

/**
 * "Demo data" (issue: wherever demo prices or news are shown), only while the user is on the
 * demo market.
 */
export function DemoDataBadge({ testId = 'demo-data-badge' }: { testId?: string }) {
  if (useMarket() !== 'demo') return null;
  return (
    <Badge color="grape" variant="light" data-testid={testId}>
      Demo data
    </Badge>
  );
}
