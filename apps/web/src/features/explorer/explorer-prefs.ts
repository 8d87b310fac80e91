import {
  EXPLORER_METRICS,
  ZExplorerSort,
  type TExplorerMetric,
  type TExplorerSort,
  type TExplorerSortColumn,
} from '@tradebot/api-contract';

/** The toggles on at first: what a first look at a stock needs. */
export const DEFAULT_METRICS: TExplorerMetric[] = [
  'market_cap',
  'pe_ratio',
  'dividend_yield',
  'rsi',
];

export interface ExplorerPrefs {
  metrics: TExplorerMetric[];
  sort: TExplorerSort | null;
}

const KEY = 'tradebot-explorer';

/**
 * The metric toggles and the sort as last left, so they survive leaving the page (and a
 * reload). Anything unreadable in storage falls back to the defaults.
 */
export function loadPrefs(storage: Pick<Storage, 'getItem'> | null = safeStorage()): ExplorerPrefs {
  try {
    const saved = JSON.parse(storage?.getItem(KEY) ?? 'null') as Partial<ExplorerPrefs> | null;
    const metrics = Array.isArray(saved?.metrics)
      ? EXPLORER_METRICS.filter((metric) => saved.metrics?.includes(metric))
      : DEFAULT_METRICS;
    const sort = ZExplorerSort.safeParse(saved?.sort);
    return { metrics, sort: sort.success ? sort.data : null };
  } catch {
    return { metrics: DEFAULT_METRICS, sort: null };
  }
}

export function savePrefs(
  prefs: ExplorerPrefs,
  storage: Pick<Storage, 'setItem'> | null = safeStorage(),
) {
  try {
    storage?.setItem(KEY, JSON.stringify(prefs));
  } catch {
    // Without storage the choice lasts while the page is open.
  }
}

function safeStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * A header click: a new column sorts numbers largest first and text A to Z; the same column
 * again flips the direction, and a third click goes back to the usual order.
 */
export function nextSort(
  current: TExplorerSort | null,
  by: TExplorerSortColumn,
): TExplorerSort | null {
  const first: TExplorerSort['dir'] = TEXT_SORTS.has(by) ? 'asc' : 'desc';
  if (current?.by !== by) return { by, dir: first };
  if (current.dir === first) return { by, dir: first === 'asc' ? 'desc' : 'asc' };
  return null;
}

const TEXT_SORTS = new Set<TExplorerSortColumn>(['symbol', 'company_name', 'domain']);
