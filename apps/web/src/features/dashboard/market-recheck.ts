import type { TMarketStatusOutput } from '@tradebot/api-contract';

/** Read again this long after the clock's next open or close, so the answer has turned. */
const MARGIN_MS = 500;
const MIN_MS = 1_000;

/**
 * When to read the market status again (wall ms from the read): right after the clock's next
 * open or close, at the clock's speed (the demo clock runs a session in seconds; Alpaca's is real
 * time), and never later than `pollMs`. A status without its clock (Unknown, a paused demo clock)
 * is simply polled.
 */
export function marketRecheckMs(status: TMarketStatusOutput | undefined, pollMs: number): number {
  if (!status?.market_time || !status.next_change || !status.speed || status.speed <= 0)
    return pollMs;
  const ahead = Date.parse(status.next_change) - Date.parse(status.market_time);
  if (!Number.isFinite(ahead)) return pollMs;
  const wall = Math.max(0, ahead) / status.speed + MARGIN_MS;
  return Math.min(pollMs, Math.max(MIN_MS, Math.ceil(wall)));
}

/** While /ws is connected every tick, save and market change arrives on it: a slow safety poll. */
export const CONNECTED_POLL_MS = 300_000;

/** How often a dashboard read polls: `ms` while the socket is not connected, else slowly. */
export function fallbackPollMs(wsStatus: string, ms: number): number {
  return wsStatus === 'connected' ? Math.max(ms, CONNECTED_POLL_MS) : ms;
}
