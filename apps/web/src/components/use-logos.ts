import { useEffect, useState } from 'react';
import { useAuth } from '../features/auth/auth-context';
import { useTRPCClient } from '../lib/trpc';

/** Logo requests time out after 10 s (15 s in the explorer). */
export const LOGO_TIMEOUT_MS = 10_000;
export const EXPLORER_LOGO_TIMEOUT_MS = 15_000;

/**
 * Logos of `symbols` from POST /api/stocks/logos/batch: symbol → address, null ("No Logo"), or
 * absent while loading ("Loading..."). Symbols already known are not asked again; a
 * failed or timed-out request leaves its symbols at null. A new token starts afresh.
 */
export function useLogos(
  symbols: readonly string[],
  timeoutMs = LOGO_TIMEOUT_MS,
): Record<string, string | null> {
  const client = useTRPCClient();
  const { token } = useAuth();
  const [logos, setLogos] = useState<{ token: string | null; map: Record<string, string | null> }>({
    token,
    map: {},
  });
  const known = logos.token === token ? logos.map : {};
  const wanted = [...new Set(symbols.map((s) => s.trim().toUpperCase()).filter(Boolean))];
  const missing = wanted.filter((symbol) => !(symbol in known));
  const missingKey = missing.join(',');

  useEffect(() => {
    if (missingKey === '') return;
    const asked = missingKey.split(',');
    let current = true;
    const merge = (found: Record<string, string | null>) =>
      current &&
      setLogos((previous) => ({
        token,
        map: { ...(previous.token === token ? previous.map : {}), ...found },
      }));
    client.explorer.logos
      .mutate({ symbols: asked }, { signal: AbortSignal.timeout(timeoutMs) })
      .then((found) => merge(Object.fromEntries(asked.map((s) => [s, found[s] ?? null]))))
      .catch(() => merge(Object.fromEntries(asked.map((s) => [s, null]))));
    return () => {
      current = false;
    };
  }, [client, token, missingKey, timeoutMs]);

  return known;
}
