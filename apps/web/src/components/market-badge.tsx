import { Badge, Tooltip, type BadgeProps } from '@mantine/core';
import { useMarket } from './use-market';

/** Which market the user is on, next to the Paper/Live label: the demo market or Alpaca. */
export function MarketBadge({
  testId = 'market-badge',
  size = 'lg',
}: { testId?: string } & Pick<BadgeProps, 'size'>) {
  const market = useMarket();
  if (!market) return null;
  const demo = market === 'demo';
  return (
    <Tooltip
      label={
        demo
          ? 'Prices, news and orders come from the built-in demo market (simulated)'
          : 'Prices and orders go through your Alpaca account'
      }
    >
      <Badge color={demo ? 'grape' : 'blue'} variant="light" size={size} data-testid={testId}>
        {demo ? 'Demo market' : 'Alpaca'}
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
