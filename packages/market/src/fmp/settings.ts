import { resolveBaseUrl } from '../alpaca/settings.js';

/** FMP's own address for the stable API, used when no setting says otherwise. */
export const FMP_BASE_URL = 'https://financialmodelingprep.com/stable';

/** The deployment settings the adapter reads, when the caller passes its (validated) env. */
export interface FmpEnv {
  FMP_BASE_URL?: string | undefined;
}

/** Explicit option, else `FMP_BASE_URL`, else FMP's address (so tests and mirrors can point elsewhere). */
export function resolveFmpBaseUrl(explicit?: string, env?: FmpEnv): string {
  return resolveBaseUrl('FMP_BASE_URL', explicit ?? env?.FMP_BASE_URL, FMP_BASE_URL);
}
