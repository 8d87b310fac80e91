import type { TNewsRefreshResult } from '@tradebot/api-contract';
import {
  insertNewsItems,
  monitoringUsers,
  pruneNewsItems,
  type MonitoringUser,
  type NewsItemRow,
  type MarketName,
} from '@tradebot/db';
import { AlpacaError, type MarketDataPort, type NewsItem } from '@tradebot/market';
import { scoreSentiment } from '@tradebot/strategy';
import type { ServiceDeps } from '../deps.js';
import { alpacaClientsFor } from '../active-market/alpaca-clients.js';
import { loadAlpacaKeys, type AlpacaKeys } from '../active-market/alpaca-keys.js';

const DAY_MS = 86_400_000;
/** How far back each refresh asks; the upsert makes the overlap with the last refresh free. */
export const NEWS_LOOKBACK_MS = 7 * DAY_MS;
/** Items published longer ago than this (market time) are pruned. */
export const NEWS_RETENTION_MS = 30 * DAY_MS;
/** Symbols per Alpaca news request (they go in one `symbols=` parameter). */
const ALPACA_BATCH = 20;
/** Items per Alpaca batch: at most 4 pages of 50, so a refresh stays well inside 200 calls a minute. */
const ALPACA_BATCH_ITEMS = 200;

/** The cached form of a port item, scored once here (title and description together). */
function toRow(item: NewsItem): NewsItemRow {
  const text = item.description ? `${item.title}. ${item.description}` : item.title;
  return {
    externalId: item.id,
    symbol: item.symbol.toUpperCase(),
    title: item.title,
    description: item.description,
    url: item.url,
    source: item.source,
    publishedAt: new Date(item.publishedAt),
    sentimentScore: scoreSentiment(text),
  };
}

async function fetchInto(
  deps: Pick<ServiceDeps, 'db'>,
  market: MarketName,
  port: Pick<MarketDataPort, 'getNews' | 'clock'>,
  symbols: readonly string[],
  limit: number,
): Promise<number> {
  const since = port.clock.now() - NEWS_LOOKBACK_MS;
  const items = await port.getNews({ symbols, since, limit });
  return insertNewsItems(deps.db, market, items.map(toRow));
}

function chunks<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

type Skipped = TNewsRefreshResult['skipped_users'];

/**
 * Alpaca users' symbols through the Alpaca news API. Users are taken in id order; each one's keys
 * fetch only that user's symbols that no earlier user's keys fetched in this refresh, in batches
 * of ALPACA_BATCH symbols: one user's keys per batch, each shared symbol fetched once, and no
 * user's keys ever asked about another user's list. A user whose keys are missing or fail is
 * skipped with the reason (the adapter's messages name the call, never the keys); their
 * remaining symbols are left to the next user who monitors them, or to the next refresh.
 */
async function refreshAlpaca(
  deps: Pick<ServiceDeps, 'db' | 'cipher' | 'market'>,
  users: readonly MonitoringUser[],
  skipped: Skipped,
): Promise<{ symbols: number; inserted: number }> {
  const fetched = new Set<string>();
  const wanted = new Set(users.flatMap((user) => user.symbols));
  let inserted = 0;
  for (const user of users) {
    const pending = user.symbols.filter((symbol) => !fetched.has(symbol));
    if (pending.length === 0) continue;
    const mode = user.alpacaEnvironment;
    let keys: AlpacaKeys | null;
    try {
      keys = await loadAlpacaKeys(deps.db, deps.cipher, user.userId, mode);
    } catch {
      skipped.push({ user_id: user.userId, reason: 'saved keys could not be decrypted' });
      continue;
    }
    if (!keys) {
      skipped.push({ user_id: user.userId, reason: `no saved ${mode} Alpaca keys` });
      continue;
    }
    try {
      const alpaca = alpacaClientsFor(deps.market, keys, mode).marketData({
        // A 429 waits as Alpaca asks (Retry-After), up to 30 s, three times at most.
        maxRetries: 3,
        maxRetryWaitMs: 30_000,
      });
      for (const batch of chunks(pending, ALPACA_BATCH)) {
        inserted += await fetchInto(deps, 'alpaca', alpaca, batch, ALPACA_BATCH_ITEMS);
        for (const symbol of batch) fetched.add(symbol);
      }
    } catch (error) {
      // Alpaca's refusals and failures skip this user; anything else (the database) fails the job.
      if (!(error instanceof AlpacaError)) throw error;
      skipped.push({ user_id: user.userId, reason: error.message });
    }
  }
  return { symbols: wanted.size, inserted };
}

/**
 * One scheduled refresh of the news cache for every user's monitored symbols: the demo market's
 * generated news once for all demo users' symbols (one shared cache), Alpaca news for the Alpaca
 * users', then the prune of items older than NEWS_RETENTION_MS. Idempotent: items are keyed on
 * (market, the market's item id, symbol), so a re-run or an overlapping window inserts nothing
 * twice.
 */
export async function refreshNews(
  deps: Pick<ServiceDeps, 'db' | 'cipher' | 'market' | 'now'>,
): Promise<TNewsRefreshResult> {
  const { market } = deps;
  const users = await monitoringUsers(deps.db);
  const onDemo = (user: MonitoringUser) => market.source === 'demo' || user.market === 'demo';
  const demoSymbols = [...new Set(users.filter(onDemo).flatMap((user) => user.symbols))].sort();
  const demo = market.demo;
  const demoInserted =
    demoSymbols.length === 0
      ? 0
      : await fetchInto(deps, 'demo', demo.market, demoSymbols, Number.MAX_SAFE_INTEGER);
  const skipped: Skipped = [];
  const alpacaUsers = users.filter((user) => !onDemo(user));
  const alpaca = await refreshAlpaca(deps, alpacaUsers, skipped);
  const pruned =
    (await pruneNewsItems(deps.db, 'demo', new Date(demo.clock.now() - NEWS_RETENTION_MS))) +
    // Alpaca's market time is the wall clock (its clock's offset is seconds at most).
    (await pruneNewsItems(deps.db, 'alpaca', new Date(deps.now().getTime() - NEWS_RETENTION_MS)));
  return {
    demo_symbols: demoSymbols.length,
    alpaca_symbols: alpaca.symbols,
    inserted: demoInserted + alpaca.inserted,
    pruned,
    skipped_users: skipped,
  };
}
