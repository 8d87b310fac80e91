import { Modal, Text } from '@mantine/core';

/**
 * One optimized stock's backtest: charts, figures and verdict (opened from the Optimized
 * Parameters table). PLACEHOLDER of the Step 7 base: the backtest-detail work replaces the body.
 */
export function BacktestDetailModal({
  symbol,
  onClose,
}: {
  symbol: string | null;
  onClose: () => void;
}) {
  return (
    <Modal opened={symbol !== null} onClose={onClose} title={symbol ?? ''} size="xl">
      <Text c="dimmed">The backtest of {symbol} is shown here.</Text>
    </Modal>
  );
}
