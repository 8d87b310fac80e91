import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { edgeEvidenceLine, unprovenStocks } from '../../lib/edge-evidence';
import { useTRPC } from '../../lib/trpc';

/**
 * While the bot runs: how many stocks of the Final Trading List it trades have a robust edge in
 * their backtest ("Robust edge in the backtest: 12 of 15 stocks").
 */
export function EdgeEvidenceLine({ running }: { running: boolean }) {
  const trpc = useTRPC();
  const list = useQuery(
    trpc.stockLists.finalTradingConfig.queryOptions(undefined, { enabled: running }),
  );
  const line = running && list.data ? edgeEvidenceLine(list.data) : null;
  if (line === null || !list.data) return null;
  const unproven = unprovenStocks(list.data);
  return (
    <Text
      size="xs"
      c={unproven.length > 0 ? 'orange' : 'dimmed'}
      data-testid="bot-edge-evidence"
      title={
        unproven.length > 0 ? `Without one: ${unproven.map((s) => s.symbol).join(', ')}` : undefined
      }
    >
      {line}
    </Text>
  );
}
