import { ui } from '@tradebot/api-contract';
import { useState } from 'react';
import { errorCode, useTRPCClient } from '../../lib/trpc';
import { useAuth } from '../auth/auth-context';
import { notify } from '../../lib/notify';

/** POST /api/backtest/stocks with the one symbol, 15 s time-out. */
const QUEUE_TIMEOUT_MS = 15_000;

/**
 * Adds one symbol to the backtest queue with the product's messages; a symbol already on it says
 * so (the server adds nothing), and its button then reads "Queued".
 */
export function useQueueSymbol() {
  const client = useTRPCClient();
  const { expire } = useAuth();
  const [pending, setPending] = useState<string | null>(null);
  const [queued, setQueued] = useState<ReadonlySet<string>>(new Set());

  const queue = async (symbol: string) => {
    setPending(symbol);
    try {
      const reply = await client.stockLists.addToBacktestList.mutate(
        { symbols: [symbol] },
        { signal: AbortSignal.timeout(QUEUE_TIMEOUT_MS) },
      );
      const added = reply.added.includes(symbol);
      if (added) notify.success(ui.addedToBacktestQueue(symbol));
      else notify.info(ui.alreadyInBacktestQueue(symbol));
      setQueued((before) => new Set(before).add(symbol));
    } catch (error) {
      if (errorCode(error) === 'UNAUTHORIZED') return expire();
      notify.error(ui.addToQueueFailed(symbol));
    } finally {
      setPending(null);
    }
  };

  return { queue, pending, queued };
}
