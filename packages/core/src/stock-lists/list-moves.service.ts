import type {
  TFinalTradingEntry,
  TMoveOutput,
  TParameterSchemaOutput,
  TUpdateFinalTradingInput,
} from '@tradebot/api-contract';
import type { ServiceDeps } from '../deps.js';
import type { ActiveMarketService } from '../market/active-market.js';
import type { SessionInfo } from '../types.js';

/** Moves along the settings flow (Optimized Parameters ⇄ Final Trading List). STUB. */
export function listMovesService(deps: Pick<ServiceDeps, 'db'>, market: ActiveMarketService) {
  void deps;
  void market;
  const todo = (session: SessionInfo): never => {
    void session;
    throw new Error('not implemented');
  };
  return {
    removeFromBacktestList: async (s: SessionInfo, symbols: string[]): Promise<TMoveOutput> =>
      todo(s) ?? symbols,
    removeFromOptimized: async (s: SessionInfo, symbols: string[]): Promise<TMoveOutput> =>
      todo(s) ?? symbols,
    selectForTrading: async (s: SessionInfo, symbols: string[]): Promise<TMoveOutput> =>
      todo(s) ?? symbols,
    finalTradingConfig: async (s: SessionInfo): Promise<TFinalTradingEntry[]> => todo(s),
    updateFinalTradingConfig: async (
      s: SessionInfo,
      entries: TUpdateFinalTradingInput,
    ): Promise<{ message: string; entries: TFinalTradingEntry[]; returned: string[] }> =>
      todo(s) ?? entries,
    undoState: async (s: SessionInfo): Promise<{ symbols: string[] }> => todo(s),
    undo: async (s: SessionInfo): Promise<TMoveOutput> => todo(s),
    resetOptimized: async (s: SessionInfo): Promise<TMoveOutput> => todo(s),
    parameterSchema: (): TParameterSchemaOutput => {
      throw new Error('not implemented');
    },
  };
}
