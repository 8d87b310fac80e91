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
