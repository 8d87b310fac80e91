import { Badge, Tooltip } from '@mantine/core';
import { useAuth } from '../features/auth/auth-context';

/** Spec §1: 'Live' only while the bot status is 'running', 'Paper' otherwise. */
export function ModeBadge() {
  const { status } = useAuth();
  const live = status?.bot_status === 'running';
  return (
    <Tooltip label={live ? 'The trading bot is running' : 'The trading bot is not running'}>
      <Badge color={live ? 'green' : 'gray'} variant="light" size="lg" data-testid="mode-badge">
        {live ? 'Live' : 'Paper'}
      </Badge>
    </Tooltip>
  );
}
