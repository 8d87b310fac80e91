import type { ServiceDeps } from '../deps.js';
import { importMarketData, type ImportOptions } from './market-data-import.js';

/** The stock universe: importing it now; the explorer's search and the screener's reads next. */
export function marketUniverseService(deps: Pick<ServiceDeps, 'db'>) {
  return {
    /** Loads a folder laid out like ../shared/data into the `csv` universe (idempotent). */
    importFolder: (folder: string, options?: ImportOptions) =>
      importMarketData(deps.db, folder, options),
  };
}
