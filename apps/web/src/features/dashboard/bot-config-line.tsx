import { ui } from '@tradebot/api-contract';
import { Text } from '@mantine/core';
import type { BotData } from './use-bot-data';

const pct = (fraction: number) => `${+(fraction * 100).toFixed(2)} %`;

/** Bot config (GET /api/config): the settings the bot trades with, in one line. */
export function BotConfigLine({ config }: { config: BotData['config'] }) {
  if (config.isError)
    return (
      <Text size="xs" c="red" data-testid="bot-config-error">
        {ui.fetchFailed('bot config')}
      </Text>
    );
  if (!config.data) return null;
  const { trading, backtesting } = config.data;
  return (
    <Text size="xs" c="dimmed" data-testid="bot-config">
      Risk per trade {pct(trading.risk_percentage)} · max drawdown {pct(trading.max_drawdown)} ·
      checks every {trading.sleep_interval} s · partial fills: {trading.partial_fill_handling} ·
      trailing stop {pct(backtesting.trailing_stop_pct)}
    </Text>
  );
}
