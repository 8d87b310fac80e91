import {
  ui,
  type TExplorerMetric,
  type TExplorerSort,
  type TExplorerSortColumn,
  type TStockRecord,
} from '@tradebot/api-contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { errorCode, useTRPCClient } from '../../lib/trpc';
import { useAuth } from '../auth/auth-context';
import { loadPrefs, nextSort, savePrefs } from './explorer-prefs';
import { pageCount } from './format-metric';
import { QueryCache, queryKey } from './query-cache';

/** Explore 15 s, count 10 s. */
const EXPLORE_TIMEOUT_MS = 15_000;
const COUNT_TIMEOUT_MS = 10_000;

export type ExplorerState =
  | { kind: 'loading' }
  | { kind: 'results'; rows: TStockRecord[] }
  | { kind: 'empty' }
  | { kind: 'error' };

/**
 * The explorer's query (search, metric toggles, page), its results through a 5-entry cache that
 * a token change empties, and the page count (only without a search).
 */
export function useExplorer() {
  const client = useTRPCClient();
  const { token, expire } = useAuth();
  const cache = useRef(new QueryCache<TStockRecord[]>());
  const [search, setSearch] = useState('');
  const [prefs] = useState(loadPrefs);
  const [metrics, setMetrics] = useState<TExplorerMetric[]>(prefs.metrics);
  const [sort, setSort] = useState<TExplorerSort | null>(prefs.sort);
  const [page, setPage] = useState(1);
  const [state, setState] = useState<ExplorerState>({ kind: 'loading' });

  const count = useQuery({
    queryKey: ['explorer-count', token],
    enabled: search === '',
    queryFn: ({ signal }) =>
      client.explorer.count.query(undefined, {
        signal: AbortSignal.any([signal, AbortSignal.timeout(COUNT_TIMEOUT_MS)]),
      }),
  });

  useEffect(() => savePrefs({ metrics, sort }), [metrics, sort]);

  useEffect(() => {
    const query = { search, metrics, page, sort };
    const key = queryKey(query);
    const cached = cache.current.get(token, key);
    const show = (rows: TStockRecord[]) =>
      setState(rows.length === 0 ? { kind: 'empty' } : { kind: 'results', rows });
    if (cached) return show(cached);
    let current = true;
    setState({ kind: 'loading' });
    client.explorer.explore
      .mutate(query, { signal: AbortSignal.timeout(EXPLORE_TIMEOUT_MS) })
      .then((rows) => {
        cache.current.set(token, key, rows);
        if (current) show(rows);
      })
      .catch((error: unknown) => {
        if (!current) return;
        if (errorCode(error) === 'UNAUTHORIZED') return expire();
        // The error clears the list.
        setState({ kind: 'error' });
      });
    return () => {
      current = false;
    };
  }, [client, token, expire, search, metrics, page, sort]);

  return {
    state,
    search,
    /** The search is trimmed; a new search starts at page 1. */
    submitSearch: (text: string) => {
      setSearch(text.trim());
      setPage(1);
    },
    metrics,
    toggleMetric: (metric: TExplorerMetric) =>
      setMetrics((on) => (on.includes(metric) ? on.filter((m) => m !== metric) : [...on, metric])),
    sort,
    /** A sort orders every matching listing (on the server), so it starts again at page 1. */
    sortBy: (by: TExplorerSortColumn) => {
      setSort((current) => nextSort(current, by));
      setPage(1);
    },
    page,
    setPage,
    /** Shown only without a search; null until the count is known. */
    pages: search === '' && count.data ? pageCount(count.data.count) : null,
    /** Why the market is empty or incomplete (the Alpaca market not loaded yet), else null. */
    notice: count.data?.notice ?? null,
    messages: { error: ui.stockDataLoadFailed, empty: ui.noStocksFound },
  };
}
