import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../lib/trpc';

/**
 * The market the user is on ('demo' | 'alpaca'), from GET /api/account-settings; undefined
 * until known. "Use the demo market" refreshes that query, so every label follows.
 */
export function useMarket(enabled = true) {
  const trpc = useTRPC();
  const settings = useQuery({ ...trpc.account.settings.queryOptions(), enabled });
  return settings.data?.market;
}

/** The saved account settings the market badge reads (market and key masks); undefined until known. */
export function useMarketSettings() {
  const trpc = useTRPC();
  return useQuery(trpc.account.settings.queryOptions()).data;
}

/**
 * Whether starting the bot now would trade real money: the bot's mode is fixed at Start from
 * the account's market and trading mode, so Alpaca + live means the live account.
 */
export function useStartsLive(): boolean {
  const trpc = useTRPC();
  const settings = useQuery(trpc.account.settings.queryOptions());
  return settings.data?.market === 'alpaca' && settings.data.alpaca_environment === 'live';
}
