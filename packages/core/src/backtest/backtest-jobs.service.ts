import type {
  TBacktestProgress,
  TBacktestResult,
  TRunBacktesterOutput,
} from '@tradebot/api-contract';
import type { ServiceDeps } from '../deps.js';
import type { ActiveMarketService } from '../market/active-market.js';
import type { SessionInfo } from '../types.js';

/** Backtest jobs (spec §4 "Backtest run"). STUB: implemented by the backtest-jobs work. */
export function backtestJobsService(deps: ServiceDeps, market: ActiveMarketService) {
  void deps;
  void market;
  return {
    /** POST /api/run-backtester */
    async run(session: SessionInfo, symbol: string): Promise<TRunBacktesterOutput> {
      void session;
      throw new Error(`not implemented: backtest ${symbol}`);
    },
    /** GET /api/backtest/progress */
    async progress(session: SessionInfo): Promise<TBacktestProgress> {
      void session;
      throw new Error('not implemented');
    },
    /** GET /api/backtest/result/{symbol} */
    async result(session: SessionInfo, symbol: string): Promise<TBacktestResult> {
      void session;
      throw new Error(`not implemented: ${symbol}`);
    },
  };
}

export type BacktestJobsService = ReturnType<typeof backtestJobsService>;
