import {
  AppError,
  type TBotActionOutput,
  type TBotChartOutput,
  type TBotLogsOutput,
  type TBotStatus,
  type THistoricalPerformance,
  type TKillSwitchOutput,
  type TLiveLogOutput,
  type TManualSellOutput,
  type TPosition,
  type TTrackedSymbol,
} from '@tradebot/api-contract';
import { findBotState } from '@tradebot/db';
import type { ServiceDeps } from '../deps.js';
import type { SessionInfo } from '../types.js';

const notYet = () => new AppError('CONFLICT', 'The trading bot is being built.');

/** The trading bot's calls (spec §7 Dashboard and Live log). BASE STUB: helpers fill it in. */
export function botService(deps: ServiceDeps) {
  const { db } = deps;

  async function status(userId: number): Promise<TBotStatus> {
    const row = await findBotState(db, userId);
    return {
      status: row?.running ? 'running' : 'stopped',
      mode: (row?.mode as TBotStatus['mode']) ?? null,
      equity: row?.equity ?? null,
      cash: row?.cash ?? null,
      buying_power: row?.buyingPower ?? null,
      last_activity: row?.lastActivity?.toISOString() ?? null,
      daily_pnl: null,
      drawdown_pct: null,
      halted: row?.halted ?? false,
      halt_reason: row?.haltReason ?? null,
      last_tick_at: row?.lastTickAt?.toISOString() ?? null,
      last_error: row?.lastError ?? null,
    };
  }

  return {
    status,
    start: async (_session: SessionInfo): Promise<TBotActionOutput> => Promise.reject(notYet()),
    stop: async (_session: SessionInfo): Promise<TBotActionOutput> => Promise.reject(notYet()),
    restart: async (_session: SessionInfo): Promise<TBotActionOutput> => Promise.reject(notYet()),
    killSwitch: async (_session: SessionInfo): Promise<TKillSwitchOutput> =>
      Promise.reject(notYet()),
    manualSell: async (_session: SessionInfo, _symbol: string): Promise<TManualSellOutput> =>
      Promise.reject(notYet()),
    positions: async (_session: SessionInfo): Promise<TPosition[]> => [],
    trackedSymbols: async (_session: SessionInfo): Promise<TTrackedSymbol[]> => [],
    historicalPerformance: async (_userId: number): Promise<THistoricalPerformance> => ({
      cumulative_pnl: 0,
      win_rate: 0,
      max_drawdown: 0,
      trades_count: 0,
      trades: [],
      equity_curve: [],
    }),
    logs: async (_userId: number): Promise<TBotLogsOutput> => ({ logs: [] }),
    liveLog: async (_userId: number): Promise<TLiveLogOutput> => ({ logs: [] }),
    chart: async (_session: SessionInfo, symbol: string): Promise<TBotChartOutput> => ({
      symbol,
      bars: [],
      fills: [],
    }),
  };
}

export type BotService = ReturnType<typeof botService>;
