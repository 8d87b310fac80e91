import { Badge, Tooltip, type BadgeProps } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useAuth } from '../features/auth/auth-context';
import { useTRPC } from '../lib/trpc';
import { modeView } from './mode-view';
import { useMarket } from './use-market';

/** The nav label's status read shares the dashboard's query; elsewhere it refreshes each minute. */
const MODE_REFRESH_MS = 60_000;

/**
 * A Paper or Live label derived from the bot status. 'running' alone would call a
 * paper or demo bot Live, so Live also needs the bot's mode to be live (real money). On the demo
 * market there is no label: its simulated broker is not Alpaca's paper account.
 */
export function ModeBadge({ size = 'lg' }: Pick<BadgeProps, 'size'>) {
  const trpc = useTRPC();
  const { state } = useAuth();
  const bot = useQuery(
    trpc.bot.status.queryOptions(undefined, {
      enabled: state === 'verified',
      refetchInterval: MODE_REFRESH_MS,
    }),
  );
  const view = modeView(bot.data, useMarket());
  if (!view) return null;
  const live = view.label === 'Live';
  return (
    <Tooltip label={view.tooltip}>
      <Badge
        color={live ? 'orange' : 'gray'}
        variant={live ? 'filled' : 'light'}
        size={size}
        data-testid="mode-badge"
      >
        {view.label}
      </Badge>
    </Tooltip>
  );
}
