import type { TrackedSymbolRow } from '@tradebot/db';
import type { BrokerAccount, BrokerPosition } from '@tradebot/market';
import type { ServiceDeps } from '../../deps.js';
import { cents, centsOrNull } from '../cents.js';

export interface BotUpdate {
  running: boolean;
  account: BrokerAccount;
  dayStartEquity: number;
  peak: number;
  lastActivity: Date | null;
  positions: readonly BrokerPosition[];
  /** This tick's log lines, as the live log shows them. */
  logs: string[];
  /** The tick's market time, and whether the market was open then. */
  tickAt: Date;
  marketOpen: boolean;
  /** The tracked symbols as stored after the tick (storeTickState returns them). */
  symbols: readonly TrackedSymbolRow[];
}

/**
 * The websocket `update` event at the end of a tick (status fields, the tick's time and the
 * market's open or closed, positions, the tick's log lines, tracked symbols). Fire-and-forget: a Redis outage costs the live view one update, never
 * the tick.
 */
export async function publishBotUpdate(
  deps: Pick<ServiceDeps, 'events'>,
  userId: number,
  u: BotUpdate,
): Promise<void> {
  try {
    const held = new Map(u.positions.map((p) => [p.symbol, p]));
    await deps.events.publish(userId, {
      type: 'update',
      data: {
        status: u.running ? 'running' : 'stopped',
        equity: u.account.equity,
        cash: u.account.cash,
        buying_power: u.account.buyingPower,
        last_activity: u.lastActivity?.toISOString() ?? null,
        daily_pnl: cents(u.account.equity - u.dayStartEquity),
        drawdown_pct: u.peak > 0 ? ((u.peak - u.account.equity) / u.peak) * 100 : 0,
        positions: u.positions.map((p) => ({
          symbol: p.symbol,
          qty: p.qty,
          side: p.side,
          avg_entry_price: p.avgEntryPrice,
          current_price: p.currentPrice,
          market_value: p.marketValue,
          unrealized_pl: centsOrNull(p.unrealizedPl),
        })),
        logs: u.logs,
        last_tick_at: u.tickAt.toISOString(),
        last_error: null,
        market_open: u.marketOpen,
        trackedSymbols: u.symbols.map((s) => {
          const p = held.get(s.symbol);
          return {
            symbol: s.symbol,
            last_price: s.lastPrice,
            rsi: s.rsi,
            atr: s.atr,
            macd: s.macd,
            qty: p?.qty ?? 0,
            avg_price: p?.avgEntryPrice ?? null,
            unrealized_pl: centsOrNull(p?.unrealizedPl ?? null),
          };
        }),
      },
    });
  } catch (error) {
    console.warn(
      `[bot] update event for user ${userId} not published: ${(error as Error).message}`,
    );
  }
}
