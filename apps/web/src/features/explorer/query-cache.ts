/**
 * The explorer keeps up to 5 query results; when a sixth arrives the oldest stored is
 * evicted (first in, first out), and a token change empties it (another user, another universe).
 */
export const EXPLORER_CACHE_SIZE = 5;

export class QueryCache<T> {
  private readonly entries = new Map<string, T>();
  private token: string | null = null;

  constructor(private readonly size = EXPLORER_CACHE_SIZE) {}

  /** Forgets everything when the token is not the one the entries were stored under. */
  private forToken(token: string | null) {
    if (token !== this.token) {
      this.entries.clear();
      this.token = token;
    }
  }

  get(token: string | null, key: string): T | undefined {
    this.forToken(token);
    return this.entries.get(key);
  }

  set(token: string | null, key: string, value: T): void {
    this.forToken(token);
    this.entries.delete(key);
    this.entries.set(key, value);
    while (this.entries.size > this.size) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
  }

  keys(): string[] {
    return [...this.entries.keys()];
  }
}

/** One key per distinct request (metrics in a stable order). */
export function queryKey(query: {
  search: string;
  metrics: readonly string[];
  page: number;
  sort?: { by: string; dir: string } | null;
}) {
  const sort = query.sort ? `${query.sort.by} ${query.sort.dir}` : null;
  return JSON.stringify([query.search, [...query.metrics].sort(), query.page, sort]);
}
